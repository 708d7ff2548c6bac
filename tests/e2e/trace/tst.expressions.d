/* trace() takes any scalar expression; each value gets its own column. */
#pragma D option quiet

BEGIN
{
	x = 20;
	trace(x + 22);
	trace(" ");
	trace(x > 10);
	trace(" ");
	trace(x > 10 ? "yes" : "no");
	exit(0);
}
