/* clear() takes an aggregation, not the void value of an aggregating function. */
BEGIN
{
	clear(count());
}
