/* An enum defined inside a union declares its enumerators; a prototype declares a function. */
#pragma D option quiet

union lt_u {
	enum lt_color { LT_RED, LT_GREEN = 5 } c;
	int i;
};

union lt_u lt_v;
int lt_fn(int);

BEGIN
{
	lt_v.c = LT_GREEN;
	printf("%d %d %d\n", lt_v.i, LT_RED, sizeof (union lt_u));
	exit(0);
}
