/* Pointer variables: assignment, comparison, scaled arithmetic, NULL. */
#pragma D option quiet

int *ip;

BEGIN
{
	ip = (int *)0x1000;
	cp = (char *)0x1000;
	lp = (long *)0x1000;
	printf("%p %p %p\n", ip + 1, cp + 1, lp + 1);
	printf("%p %p\n", ip - 1, lp + 3);
	q = ip + 5;
	printf("%d %d %d\n", q - ip, q > ip, ip == (int *)4096);
	t = curthread;
	printf("%d %d\n", t == curthread, t != 0);
	ip = 0;
	printf("%d\n", ip == 0);
	exit(0);
}
