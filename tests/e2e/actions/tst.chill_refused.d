/* Without -w, chill() makes the enabling fail. */
BEGIN
{
	chill(1000);
	exit(0);
}
