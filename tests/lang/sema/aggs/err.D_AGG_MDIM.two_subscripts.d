/* An aggregation takes one list of keys, not two subscripts. */
BEGIN
{
	@a[1][2] = count();
}
