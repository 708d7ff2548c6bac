/* trace() takes exactly one argument. */
#pragma D option quiet

BEGIN
{
	trace();
}
