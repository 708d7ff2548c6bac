/* ERROR's arguments: arg1 EPID, arg2 action index, arg4 fault type, arg5 address. */
#pragma D option quiet

struct lt_pair {
	int	first;
	int	second;
};

BEGIN
{
	x = 1;
	trace(((struct lt_pair *)32)->second);
}

ERROR
{
	printf("epid %d action %d fault %d addr %d\n", arg1, arg2, arg4, arg5);
	exit(0);
}
