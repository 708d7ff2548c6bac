/* strlen() of an integer: not a string. */
#pragma D option quiet

BEGIN
{
	x = strlen(1);
}
