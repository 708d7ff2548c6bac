/* The usual pattern: the id in a thread-local variable, cleared after the commit. */
#pragma D option quiet

BEGIN
{
	self->spec = speculation();
}

BEGIN
/self->spec/
{
	speculate(self->spec);
	printf("speculative, id %d\n", self->spec);
}

BEGIN
/self->spec/
{
	commit(self->spec);
	self->spec = 0;
}

BEGIN
{
	printf("self->spec is now %d\n", self->spec);
	exit(0);
}
