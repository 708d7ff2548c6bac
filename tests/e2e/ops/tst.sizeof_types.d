/* sizeof of the basic types, of expressions and of D-declared types. */
#pragma D option quiet

struct lt_s {
	char	a;
	int	b;
	char	c;
};

union lt_u {
	char	c;
	long	l;
};

int arr[5];

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (char), sizeof (short), sizeof (int),
	    sizeof (long), sizeof (long long));
	printf("%d %d %d %d\n", sizeof (void *), sizeof (char *), sizeof (uintptr_t),
	    sizeof (string));
	printf("%d %d %d\n", sizeof (struct lt_s), sizeof (union lt_u), sizeof (arr));
	printf("%d %d %d\n", sizeof (1), sizeof (1L), sizeof ("abc"));
	printf("%d %d\n", sizeof (curthread), sizeof (struct task_struct) > 64);
	exit(0);
}
