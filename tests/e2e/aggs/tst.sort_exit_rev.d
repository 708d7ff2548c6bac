/* At exit aggsortrev also reverses the order of the aggregations: the last defined comes first. */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@first["a"] = count();
	@first["b"] = count();
	@first["b"] = count();
	@second["x"] = sum(10);
	@second["y"] = sum(20);
	@third = count();
	exit(0);
}
