/* && and || short-circuit (the right side is not evaluated); ^^ evaluates both sides. */
#pragma D option quiet

int zero, n;

BEGIN
{
	printf("%d %d\n", zero && 1 / zero, 1 || 1 / zero);
	printf("%d %d %d %d\n", 2 && -1, 0 || 0, !5, !0);
	printf("%d %d %d %d\n", 0 ^^ 0, 0 ^^ 7, 7 ^^ 0, 7 ^^ 7);
	r = 1 ^^ n++;
	printf("%d %d\n", r, n);
	printf("%d\n", 1 && 0 || 1);
	exit(0);
}

ERROR
{
	printf("short-circuit failed\n");
	exit(1);
}
