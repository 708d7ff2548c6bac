/* rindex(s, t): the last position of t in s, or -1; "" is found at the end. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", rindex("hello", "l"), rindex("hello", "he"),
	    rindex("hello", "z"), rindex("hello", ""), rindex("aaa", "aa"));
	exit(0);
}
