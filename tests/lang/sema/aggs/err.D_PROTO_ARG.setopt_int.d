/* setopt()'s arguments are strings. */
#pragma D option quiet

BEGIN
{
	setopt(1);
}
