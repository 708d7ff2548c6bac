/* Even an empty copyinstr(addr, 0) reads the address: NULL faults. */
#pragma D option quiet

BEGIN
{
	x = 1;
	y = copyinstr(0, 0);
}

BEGIN
{
	exit(0);
}
