/* Signed division truncates toward zero; the remainder has the dividend's sign. */
#pragma D option quiet

BEGIN
{
	a = 7; b = 2; na = -7; nb = -2;
	printf("%d %d %d %d\n", na / b, na % b, a / nb, a % nb);
	printf("%d %d\n", na / nb, na % nb);
	printf("%d %d %d %d\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2);
	l = -9223372036854775807 - 1;
	printf("%d %d\n", l / 10, l % 10);
	exit(0);
}
