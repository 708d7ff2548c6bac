/* In quiet mode the default action prints nothing. */
#pragma D option quiet

BEGIN
{
}

BEGIN
{
	exit(0);
}
