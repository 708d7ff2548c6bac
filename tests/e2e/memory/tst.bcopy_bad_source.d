/* bcopy() from an unmapped kernel address faults at that address. */
#pragma D option quiet

BEGIN
{
	this->p = alloca(8);
	bcopy((void *)0x1000, this->p, 8);
}

BEGIN
{
	exit(0);
}
