/* tracemem(addr, nbytes, dbytes) dumps only the first dbytes bytes; in quiet mode too. */
#pragma D option quiet

BEGIN
{
	n = 3;
	tracemem(curthread->comm, 16, n);
	exit(0);
}
