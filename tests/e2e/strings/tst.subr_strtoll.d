/* strtoll() skips blanks and tabs, takes a sign and stops at the first non-digit. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", strtoll("123"), strtoll("  42"), strtoll("\t-17"),
	    strtoll("+5x"), strtoll(""), strtoll("abc"));
	printf("%d %d %d %d\n", strtoll("9223372036854775807"), strtoll("9223372036854775808"),
	    strtoll("-0"), strtoll(" - 5"));
	exit(0);
}
