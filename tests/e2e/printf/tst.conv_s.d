/* %s: widths, left alignment, precision, char arrays. */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("[%s] [%8s] [%-8s] [%.2s] [%8.3s] [%-8.3s]\n", s, s, s, s, s, s);
	printf("[%s] [%10s]\n", curthread->comm, curthread->comm);
	printf("[%s]\n", "");
	exit(0);
}
