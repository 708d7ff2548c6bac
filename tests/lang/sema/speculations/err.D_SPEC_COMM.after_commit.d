/* speculate() may not follow commit(). */
BEGIN
{
	commit(1);
	speculate(1);
}
