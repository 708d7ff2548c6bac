/* trace() of a NUL-padded char array prints it as a string. */
BEGIN
{
	trace(curthread->comm);
	exit(0);
}
