/* NULL is a pointer constant equal to zero. */
#pragma D option quiet

BEGIN
{
	p = (char *)NULL;
	printf("%d %d %d\n", NULL == 0, p == NULL, sizeof (NULL));
	exit(0);
}
