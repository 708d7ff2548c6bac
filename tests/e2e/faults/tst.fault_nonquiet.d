/* Without quiet, a faulting clause prints no probe line; the other clauses do. */
BEGIN
{
	trace(*(int *)0);
}

BEGIN
{
	trace("ok");
	exit(0);
}
