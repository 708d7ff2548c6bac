/* self->a[k] with string keys, and a thread-local and a global array of the same name are
 * different variables. */
#pragma D option quiet

BEGIN
{
	self->lt_a["k"] = 1;
	lt_a["k"] = 2;
	printf("%d %d\n", self->lt_a["k"], lt_a["k"]);
	exit(0);
}
