/* inet_ntoa() takes the address of an IPv4 address, not the address itself. */
#pragma D option quiet

BEGIN
{
	x = inet_ntoa(0x7f000001);
}
