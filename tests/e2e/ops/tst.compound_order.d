/* x op= e reads x before it evaluates e, as DTrace does: the increments in e come after. */
#pragma D option quiet

BEGIN
{
	i = 4;
	i += i++ + --i + ++i - ++i * i;
	printf("%d\n", i);
	i -= i++ * 3;
	printf("%d\n", i);
	self->n = 2;
	self->n *= self->n++ + 1;
	printf("%d\n", self->n);
	exit(0);
}
