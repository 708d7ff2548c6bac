/* substr(s, i, n): n characters at most; a negative n leaves -n off the end; with a negative
   index before the start, only the characters of the length that reach into s count. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", substr("hello", 1, 3), substr("hello", 1, 0),
	    substr("hello", 2, 100), substr("hello", 1, -1), substr("hello", 1, -4));
	printf("[%s] [%s] [%s] [%s]\n", substr("hello", -3, -1), substr("hello", -7, 4),
	    substr("hello", -7, 2), substr("hello", 1, -9));
	exit(0);
}
