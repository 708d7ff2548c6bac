/* inet_ntoa6() of an IPv4-mapped or IPv4-compatible address gives the IPv4 address alone. */
#pragma D option quiet

struct lt_in6 {
	uint32_t w0, w1, w2, w3;
} lt_a;

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x0000ffff); lt_a.w3 = htonl(0xc0a80101);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x0a000001);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x00000102);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	exit(0);
}
