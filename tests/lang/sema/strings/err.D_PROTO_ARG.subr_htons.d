/* htons() takes an integer. */
#pragma D option quiet

BEGIN
{
	x = htons("80");
}
