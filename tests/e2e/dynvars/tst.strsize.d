/* Strings in dynamic variables, values and keys, hold at most strsize characters: two keys
 * that differ only after that are the same key. */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	lt_a[1] = "abcdefghijkl";
	self->lt_s = "abcdefghijkl";
	lt_k["abcdefghXX"] = 5;
	printf("[%s] [%s] %d\n", lt_a[1], self->lt_s, lt_k["abcdefghYY"]);
	exit(0);
}
