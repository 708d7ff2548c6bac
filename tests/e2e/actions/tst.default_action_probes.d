/* Each firing of a clause prints a probe line; an empty clause prints only that. */
BEGIN
{
}

tick-10ms
{
	exit(0);
}

END
{
}
