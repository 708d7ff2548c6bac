/* The byte-order subroutines return uint16_t, uint32_t and uint64_t. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof (htons(1)), sizeof (htonl(1)), sizeof (htonll(1)));
	printf("%d %d %d\n", sizeof (ntohs(1)), sizeof (ntohl(1)), sizeof (ntohll(1)));
	exit(0);
}
