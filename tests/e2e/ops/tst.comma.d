/* The comma operator evaluates left to right and yields its right operand. */
#pragma D option quiet

BEGIN
{
	x = (a = 3, a + 1);
	printf("%d %d\n", x, a);
	exit(0);
}
