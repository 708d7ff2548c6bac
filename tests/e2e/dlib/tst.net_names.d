/* The networking names of DTrace's library, and zonename: Linux has only the global zone. */
#pragma D option quiet

BEGIN
{
	this->a = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*this->a = htonl(0x7f000001);
	printf("%d %d %d %d %s\n", AF_INET, AF_INET6, ARPHRD_ETHER, sizeof (ipaddr_t), zonename);
	printf("%s %s\n", inet_ntop(AF_INET, this->a), inet_ntoa(this->a));
	printf("%d\n", (uint)-1 > 0);
	exit(0);
}
