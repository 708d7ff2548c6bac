/* "." is how freopen("") is recorded: it may not be given. */
BEGIN
{
	freopen(".");
}
