/* printa(@a, @b) without a format: a blank line, then each key with every value on one line. */
#pragma D option quiet

BEGIN
{
	@a["one"] = sum(1);
	@a["two"] = sum(2);
	@b["one"] = sum(100);
	@b["two"] = sum(200);
	printa(@a, @b);
	exit(0);
}
