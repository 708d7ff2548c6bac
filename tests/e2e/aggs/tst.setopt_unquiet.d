/* setopt("quiet", "no") in a quiet program: that firing ends with a newline, later firings have
 * their probe line; the FUNCTION:NAME heading, due at the first firing, is never printed. */
#pragma D option quiet
int n;

BEGIN
{
	setopt("quiet", "no");
	printf("begin");
}

tick-1ms
/n++ == 0/
{
	printf("tick");
}

tick-1ms
/n == 2/
{
	exit(0);
}
