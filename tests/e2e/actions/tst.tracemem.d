/* tracemem() prints a hex and ASCII dump of kernel memory. */
BEGIN
{
	tracemem(curthread->comm, 16);
	exit(0);
}
