#pragma D option quiet
BEGIN
{
	a = 5;
	b = -3;
	printf("%d %d %d %d %d %d\n", a < b, a <= b, a > b, a >= b, a == b, a != b);
	printf("%d %d %d\n", a && b, a || 0, !a);
	printf("%d %d %d\n", 1 ^^ 0, 1 ^^ 1, 0 ^^ 0);
	u = 1u;
	printf("%d\n", -1 < u);
	exit(0);
}
