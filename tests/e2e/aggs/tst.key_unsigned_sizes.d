/* Unsigned integer keys: 4- and 8-byte keys with the top bit set print as negative numbers. */
#pragma D option quiet

BEGIN
{
	@c[(unsigned char)200] = count();
	@s[(unsigned short)60000] = count();
	@i[(unsigned int)4294967295] = count();
	@l[(unsigned long long)0xffffffffffffffff] = count();
	@i[(unsigned int)7] = count();
	@l[(unsigned long long)7] = count();
	exit(0);
}
