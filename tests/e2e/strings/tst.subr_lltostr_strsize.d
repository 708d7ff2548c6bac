/* A number longer than strsize is cut there. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("[%s] [%s]\n", lltostr(-5, 2), lltostr(-1234567890123456789));
	exit(0);
}
