/* copyinstr() of an address no process can have faults at that address. */
#pragma D option quiet

BEGIN
{
	trace(copyinstr(-1));
}

BEGIN
{
	exit(0);
}
