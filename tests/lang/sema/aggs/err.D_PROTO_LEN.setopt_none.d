/* setopt() needs the option name; its value is optional. */
#pragma D option quiet

BEGIN
{
	setopt();
}
