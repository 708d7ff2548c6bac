/*
 * D computes in 64-bit registers, as DTrace does: operands are converted to the operation's
 * type, but the result is narrowed only where it is stored in a variable, recorded, compared
 * or cast (an int product divided back keeps its 64 bits in between).
 */
#pragma D option quiet

BEGIN
{
	/* A constant expression keeps all 64 bits until it is narrowed. */
	printf("%s\n", lltostr((1 << 63) - 1));
	printf("%d\n", (1 << 63) - 1);
	/* An int product wider than 32 bits, divided back, then stored in an int. */
	i = 25920;
	i = i - (i + i * 3 + i) * i / i * i;
	printf("%d\n", i);
	j = 2147483647;
	printf("%s %d\n", lltostr(j + 1), j + 1);
	k = (long)(j + 1);
	printf("%d\n", k);
	exit(0);
}
