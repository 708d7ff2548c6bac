/* inet_ntoa(): an IPv4 address, in network order in memory, in dotted decimal. */
#pragma D option quiet

struct lt_addrs {
	uint32_t a, b, c;
} lt_ip;

BEGIN
{
	lt_ip.a = htonl(0xc0a80117);
	lt_ip.b = 0;
	lt_ip.c = 0xffffffff;
	printf("[%s] [%s] [%s]\n", inet_ntoa(&lt_ip.a), inet_ntoa(&lt_ip.b), inet_ntoa(&lt_ip.c));
	exit(0);
}
