/* A thread-local string never assigned is NULL: printing it faults at address 0, and the next
 * clause still runs. The empty string is not NULL. */
#pragma D option quiet

self string lt_name;

BEGIN
{
	self->lt_empty = "";
	printf("[%s] %d\n", self->lt_empty, strlen(self->lt_empty));
}

BEGIN
{
	printf("%s\n", self->lt_name);
}

BEGIN
{
	printf("went on\n");
	exit(0);
}
