/* htonl() and ntohl() reverse the four bytes of the low 32 bits. */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x %u\n", htonl(0x12345678), ntohl(0x78563412), htonl(0xff), htonl(0x0100007f));
	exit(0);
}
