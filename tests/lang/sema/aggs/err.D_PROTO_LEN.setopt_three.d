/* setopt() takes at most a name and a value. */
#pragma D option quiet

BEGIN
{
	setopt("quiet", "1", "2");
}
