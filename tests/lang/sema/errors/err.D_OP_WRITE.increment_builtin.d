/* ++ cannot modify a built-in variable. */
#pragma D option quiet

BEGIN
{
	timestamp++;
}
