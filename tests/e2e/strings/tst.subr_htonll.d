/* htonll() and ntohll() reverse the eight bytes. */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x\n", htonll(0x0102030405060708), ntohll(0x0807060504030201), htonll(1));
	exit(0);
}
