/* strchr(s, c): s from the first c on; the char argument keeps its low byte, and the NUL is
   found at the end. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%d]\n", strchr("hello", 'l'), strchr("hello", 'h'),
	    strchr("hello", 0x16f), strlen(strchr("hello", 0)));
	exit(0);
}
