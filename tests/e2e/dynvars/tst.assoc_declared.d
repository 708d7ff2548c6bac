/* Associative arrays declared before use, global and thread-local, with the key types their
 * declarations give: the value type is the declared one, elements never assigned read 0 (a
 * string: NULL). */
#pragma D option quiet

int lt_count[pid_t];
self string lt_names[int, string];

BEGIN
{
	lt_count[pid]++;
	lt_count[pid]++;
	self->lt_names[1, "a"] = "first";
	printf("%d %d %s %d\n", lt_count[pid], lt_count[0], self->lt_names[1, "a"],
	    self->lt_names[2, "a"] == NULL);
	exit(0);
}
