/* Modulo by zero is a divide-by-zero fault too. */
#pragma D option quiet

int zero;

BEGIN
{
	x = 1;
	y = x % zero;
}

BEGIN
{
	exit(0);
}
