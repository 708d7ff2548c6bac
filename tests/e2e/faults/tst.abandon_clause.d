/* A fault abandons the rest of its clause: later statements and their data are lost. */
#pragma D option quiet

int zero, after;

BEGIN
{
	printf("recorded before the fault\n");
	x = 1 / zero;
	after = 1;
	printf("not recorded\n");
}

BEGIN
{
	printf("after = %d\n", after);
	exit(0);
}
