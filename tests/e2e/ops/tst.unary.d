/* Unary minus and plus; minus on unsigned values wraps. */
#pragma D option quiet

unsigned int u;

BEGIN
{
	x = 5;
	u = 1;
	printf("%d %d %d %u\n", -x, +x, - -x, -u);
	exit(0);
}
