/* #pragma D option quiet suppresses the header, the probe lines and the "matched" notice. */
#pragma D option quiet

BEGIN
{
	trace("x");
	exit(0);
}
