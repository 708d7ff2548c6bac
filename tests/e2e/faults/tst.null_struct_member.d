/* Reading a member through a NULL struct pointer faults at the member's address. */
#pragma D option quiet

BEGIN
{
	p = (struct task_struct *)0;
	trace(p->tgid);
	printf("not reached\n");
}

BEGIN
{
	printf("next clause ran\n");
	exit(0);
}
