/* strlen() takes one string. */
#pragma D option quiet

BEGIN
{
	x = strlen();
}
