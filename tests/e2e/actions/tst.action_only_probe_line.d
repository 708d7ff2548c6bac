/* A clause whose actions record nothing still has actions, and prints its probe line for each
 * firing, as a clause with data does (chill(), and raise(SIGINT) that stops dtrace as ^C
 * does: END's line follows). A clause of assignments only prints none. */
#pragma D option destructive

BEGIN
{
	chill(1);
}

BEGIN
{
	lt_x = 1;
}

BEGIN
{
	raise(2);
}

END
{
	trace(lt_x);
}
