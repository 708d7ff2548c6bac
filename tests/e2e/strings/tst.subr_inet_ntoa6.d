/* inet_ntoa6(): hex groups, the longest run of zero groups written "::". */
#pragma D option quiet

struct lt_in6 {
	uint32_t w0, w1, w2, w3;
} lt_a;

BEGIN
{
	lt_a.w0 = htonl(0xfe800000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x02144fff); lt_a.w3 = htonl(0xfe0b76c8);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x00000001);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x00000000);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x20010db8); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x00000001);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00010000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x00000000);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x11112222); lt_a.w1 = htonl(0x33334444); lt_a.w2 = htonl(0x55556666); lt_a.w3 = htonl(0x7777aaaa);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	exit(0);
}
