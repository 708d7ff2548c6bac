/* The classic pattern: a predicate tests a thread-local set earlier in the same thread. */
#pragma D option quiet

BEGIN
{
	self->lt_ts = 100;
}

BEGIN
/self->lt_ts/
{
	printf("set: %d\n", self->lt_ts);
	self->lt_ts = 0;
}

BEGIN
/!self->lt_ts/
{
	printf("cleared\n");
	exit(0);
}
