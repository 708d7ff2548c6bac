/* The '?' flag sets the width of a pointer in hex: 16 on a 64-bit system. */
#pragma D option quiet

BEGIN
{
	printf("[%?p] [%-?p] [%?d]\n", (void *)0x1234, (void *)0x1234, 5);
	exit(0);
}
