/* inet_ntop(AF_INET6 (10 on Linux), addr): IPv4-mapped and -compatible addresses end in dotted
   form; DTrace writes no "::" when the zero run reaches into that IPv4 part. */
#pragma D option quiet

struct lt_in6 {
	uint32_t w0, w1, w2, w3;
} lt_a;

BEGIN
{
	lt_a.w0 = htonl(0xfe800000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x02144fff); lt_a.w3 = htonl(0xfe0b76c8);
	printf("[%s]\n", inet_ntop(10, &lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x0000ffff); lt_a.w3 = htonl(0xc0a80101);
	printf("[%s]\n", inet_ntop(10, &lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x0a000001);
	printf("[%s]\n", inet_ntop(10, &lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000000); lt_a.w1 = htonl(0x00000000); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x00000102);
	printf("[%s]\n", inet_ntop(10, &lt_a.w0));
}

BEGIN
{
	exit(0);
}
