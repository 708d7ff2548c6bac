/* htons() and ntohs() swap the two bytes of the low 16 bits. */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x %d\n", htons(0x1234), ntohs(0x3412), htons(0xabcd1234), htons(ntohs(80)));
	exit(0);
}
