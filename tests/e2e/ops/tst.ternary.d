/* ?: picks one branch (the other is not evaluated), nests to the right, works on strings. */
#pragma D option quiet

int zero;

BEGIN
{
	x = 2;
	printf("%s\n", x == 1 ? "one" : x == 2 ? "two" : "many");
	printf("%d\n", x > 1 ? 10 : 1 / zero);
	s = x > 5 ? "big" : "small";
	printf("%s %d\n", s, (x ? x : 100) + 1);
	l = x ? 1 : 2L;
	printf("%d\n", sizeof (l));
	exit(0);
}
