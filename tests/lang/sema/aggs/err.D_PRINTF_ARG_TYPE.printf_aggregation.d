/* An aggregation is not a printf() value. */
BEGIN
{
	@a = count();
	printf("%d\n", @a);
}
