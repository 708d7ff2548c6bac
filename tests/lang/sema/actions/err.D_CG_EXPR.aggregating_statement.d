/* An aggregating function needs an aggregation to assign it to. */
BEGIN
{
	sum(1);
}
