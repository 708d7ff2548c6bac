/* trace() takes exactly one argument. */
#pragma D option quiet

BEGIN
{
	trace(1, 2);
}
