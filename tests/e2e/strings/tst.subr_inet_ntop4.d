/* inet_ntop(AF_INET (2), addr) is inet_ntoa(addr). */
#pragma D option quiet

struct lt_addrs {
	uint32_t a;
} lt_ip;

BEGIN
{
	lt_ip.a = htonl(0x7f000001);
	printf("[%s]\n", inet_ntop(2, &lt_ip.a));
	exit(0);
}
