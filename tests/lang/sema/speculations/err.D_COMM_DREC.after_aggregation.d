/* An aggregation counts as data-recording before commit(). */
BEGIN
{
	@a = count();
	commit(1);
}
