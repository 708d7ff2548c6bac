/* -c of a command that is nowhere in PATH fails before compiling, with libproc's words. */
BEGIN
{
	exit(0);
}
