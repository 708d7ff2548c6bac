/* index(s, t): the first position of t in s, or -1; "" is found at 0. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d\n", index("hello", "l"), index("hello", "lo"),
	    index("hello", "z"), index("hello", ""), index("", ""), index("", "a"),
	    index("aaa", "aa"));
	exit(0);
}
