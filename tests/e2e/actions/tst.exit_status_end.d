/* exit() in END (consumer cooling down) sets the final exit status. */
#pragma D option quiet

BEGIN
{
	exit(3);
}

END
{
	exit(5);
}
