/* speculate() takes the speculation id. */
BEGIN
{
	speculate();
}
