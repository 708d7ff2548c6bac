/* self->a[k]: an associative array per thread. */
#pragma D option quiet

BEGIN
{
	self->lt_a["x"] = 1;
	self->lt_a["y"] = 2;
	self->lt_a["x"] += 10;
	printf("%d %d %d\n", self->lt_a["x"], self->lt_a["y"], self->lt_a["z"]);
	exit(0);
}
