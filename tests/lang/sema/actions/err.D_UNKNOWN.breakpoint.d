/* This kernel cannot stop in a kernel debugger. */
BEGIN
{
	breakpoint();
}
