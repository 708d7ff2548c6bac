/* Assigning 0 to self->x frees it: the space is reused by the next variable. */
#pragma D option quiet
#pragma D option dynvarsize=4

BEGIN
{
	self->lt_a = 1;
	self->lt_a = 0;
	self->lt_b = 2;
	printf("%d %d\n", self->lt_a, self->lt_b);
	exit(0);
}
