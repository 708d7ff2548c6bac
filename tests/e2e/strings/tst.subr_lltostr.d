/* lltostr() in base 10, negative numbers and the extremes included. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s]\n", lltostr(0), lltostr(7), lltostr(-7));
	printf("[%s] [%s]\n", lltostr(9223372036854775807LL), lltostr(-9223372036854775807LL - 1));
	exit(0);
}
