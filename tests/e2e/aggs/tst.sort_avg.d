/* avg() sorts by its integer mean: x (5/2) and y (2/1) tie at 2 and go by key, although x
 * has the larger sum. */
#pragma D option quiet

BEGIN
{
	@a["y"] = avg(2);
	@a["x"] = avg(2);
	@a["x"] = avg(3);
	@a["w"] = avg(1);
	@a["a"] = avg(10);
	exit(0);
}
