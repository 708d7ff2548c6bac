/* aggsortrev reverses every step of the joined order: values of the first aggregation, then the
 * second's, then the key. */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@a["x"] = sum(1);
	@a["y"] = sum(1);
	@a["z"] = sum(2);
	@a["w"] = sum(1);
	@b["x"] = sum(5);
	@b["y"] = sum(3);
	@b["z"] = sum(0);
	@b["w"] = sum(3);
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}
