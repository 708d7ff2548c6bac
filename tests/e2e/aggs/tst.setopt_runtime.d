/* Only dynamic options change while tracing: a run-time option such as bufsize is refused. */
#pragma D option quiet

BEGIN
{
	setopt("bufsize", "2m");
	printf("after\n");
	exit(0);
}
