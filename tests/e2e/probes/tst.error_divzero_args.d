/* Division by zero: ERROR gets fault type DTRACEFLT_DIVZERO and address 0. */
#pragma D option quiet

BEGIN
{
	a = 1;
	b = 0;
	c = a / b;
}

ERROR
{
	printf("epid %d action %d fault %d addr %d\n", arg1, arg2, arg4, arg5);
	exit(0);
}
