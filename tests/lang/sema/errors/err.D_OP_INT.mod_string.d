/* % needs integer operands. */
#pragma D option quiet

BEGIN
{
	x = 10 % "3";
}
