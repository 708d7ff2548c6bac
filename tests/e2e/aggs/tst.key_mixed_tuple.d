/* A tuple of a string, an int, a char and a long long prints each element in its own format. */
#pragma D option quiet

BEGIN
{
	@a["x", 1, (char)3, (long long)-7] = sum(10);
	@a["y", -1, (char)-1, (long long)0] = sum(20);
	exit(0);
}
