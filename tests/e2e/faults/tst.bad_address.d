/* An unmapped kernel address faults with that address in the message. */
#pragma D option quiet

BEGIN
{
	x = *(uint64_t *)0x1000;
}

BEGIN
{
	exit(0);
}
