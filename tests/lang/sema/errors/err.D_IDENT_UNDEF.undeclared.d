/* Reading a variable that is never assigned or declared. */
#pragma D option quiet

BEGIN
{
	x = lt_nosuch + 1;
}
