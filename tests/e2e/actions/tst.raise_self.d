/* raise(SIGINT) in BEGIN signals dtrace itself, which then stops as on ^C and runs END. */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	raise(2);
}

END
{
	printf("END after SIGINT\n");
}
