/* rindex(s, t, start): searches back from start; a start past the end is the end; a negative
   start finds nothing, but "" is found at 0. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", rindex("hello", "l", 2), rindex("hello", "l", 1),
	    rindex("hello", "l", 99), rindex("hello", "", -1), rindex("hello", "l", -1),
	    rindex("hello", "", 2));
	exit(0);
}
