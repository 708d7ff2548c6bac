/* The exit status is the value of any integer expression. */
#pragma D option quiet

BEGIN
{
	x = 3;
	exit(x * 4 + 1);
}
