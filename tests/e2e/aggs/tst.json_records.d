/* -x oformat=json: one JSON object per line, for each firing (its trace() and printf() records
 * and the printa() it ran) and for each aggregation printed, by printa() or at exit. */
BEGIN
{
	trace(1);
	trace("two");
	printf("three %d\n", 3);
	@counts["x"] = count();
	@counts["y"] = count();
	@counts["y"] = count();
	printa(@counts);
	exit(0);
}

END
{
	trace(-4);
}
