/* An aggregation may not follow commit(). */
BEGIN
{
	commit(1);
	@a["foo"] = count();
}
