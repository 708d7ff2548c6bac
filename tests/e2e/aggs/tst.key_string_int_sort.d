/* Rows sort by value; equal values sort by the keys in order (the string first, then the int). */
#pragma D option quiet

BEGIN
{
	@a["b", 2] = sum(5);
	@a["a", 9] = sum(5);
	@a["a", 1] = sum(5);
	@a["c", 0] = sum(1);
	@a["a", 5] = sum(9);
	exit(0);
}
