/* Thread-local variables: BEGIN and END run in the same thread of dtrace, so END sees what
 * BEGIN stored in self->. */
#pragma D option quiet

BEGIN
{
	self->lt_count = 41;
	self->lt_name = "begin";
	self->lt_count++;
}

END
{
	printf("%d %s\n", self->lt_count, self->lt_name);
}

BEGIN
{
	exit(0);
}
