/* index(s, t, start): a negative start is 0; a start at or past the end finds nothing, but ""
   is found there at the length of s. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", index("hello", "l", 3), index("hello", "l", 4),
	    index("hello", "l", -5), index("hello", "o", 5), index("hello", "", 2));
	printf("%d %d\n", index("hello", "", 9), index("", "", 7));
	exit(0);
}
