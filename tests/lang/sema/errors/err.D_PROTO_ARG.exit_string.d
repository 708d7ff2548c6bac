/* exit() takes an int, not a string. */
#pragma D option quiet

BEGIN
{
	exit("failure");
}
