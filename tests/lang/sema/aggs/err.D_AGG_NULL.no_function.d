/* An aggregation alone as a statement does nothing, and DTrace says so. */
BEGIN
{
	@a = count();
	@a;
}
