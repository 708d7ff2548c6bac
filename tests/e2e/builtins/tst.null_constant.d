/* NULL is DTrace's integer constant 0 (sizeof (NULL) is 4), which pointers compare and take. */
#pragma D option quiet

BEGIN
{
	p = (char *)NULL;
	printf("%d %d %d\n", NULL == 0, p == NULL, sizeof (NULL));
	exit(0);
}
