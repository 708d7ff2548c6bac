/* printa() of an llquantize() aggregation: without a format as at exit; with a format, %@
 * stands for the whole histogram. */
#pragma D option quiet
BEGIN
{
	@h[2] = llquantize(50, 10, 0, 1, 10);
	@h[1] = llquantize(5, 10, 0, 1, 10);
	printa(@h);
	printa("key %d:%@d|\n", @h);
	exit(0);
}
