/* -p of a process that does not exist fails before compiling. */
BEGIN
{
	exit(0);
}
