/* panic() takes no argument. */
BEGIN
{
	panic(1);
}
