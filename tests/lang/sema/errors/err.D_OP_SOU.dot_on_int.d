/* . needs a struct or union on its left. */
#pragma D option quiet

BEGIN
{
	x = 1;
	y = x.lt_field;
}
