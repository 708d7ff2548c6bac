/* setopt()'s value is a string too. */
#pragma D option quiet

BEGIN
{
	setopt("quiet", 1);
}
