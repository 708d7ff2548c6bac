/* avg() rows sort by the truncated average: 1.5 and 1 both sort as 1, so the key decides. */
#pragma D option quiet

BEGIN
{
	@a["a"] = avg(3);
	@a["a"] = avg(0);
	@a["b"] = avg(1);
	exit(0);
}
