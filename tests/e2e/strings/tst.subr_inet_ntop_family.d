/* inet_ntop() of a family that is neither AF_INET nor AF_INET6 is an illegal operation. */
#pragma D option quiet

struct lt_addrs {
	uint32_t a;
} lt_ip;

BEGIN
{
	printf("[%s]\n", inet_ntop(1, &lt_ip.a));
}

BEGIN
{
	exit(0);
}
