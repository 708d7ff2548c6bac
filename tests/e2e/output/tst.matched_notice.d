/* The "matched" notice counts every probe the script's clauses enable. */
BEGIN
{
}

tick-1s
{
}

END
{
}

BEGIN
{
	exit(0);
}
