/* inet_ntoa() of an address that cannot be read faults with that address. */
#pragma D option quiet

BEGIN
{
	printf("[%s]\n", inet_ntoa((uint32_t *)0x1000));
}

BEGIN
{
	exit(0);
}
