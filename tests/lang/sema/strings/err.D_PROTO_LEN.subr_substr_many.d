/* substr() takes three arguments at most. */
#pragma D option quiet

BEGIN
{
	x = substr("abc", 1, 2, 3);
}
