/* Integer division by zero is a runtime fault, reported without an address. */
#pragma D option quiet

int zero;

BEGIN
{
	printf("%d\n", 10 / zero);
}

BEGIN
{
	exit(0);
}
