/* Signed integer keys: 1- and 2-byte keys print unsigned in 3 and 5 columns, 4- and 8-byte keys signed in 8 and 16. */
#pragma D option quiet

BEGIN
{
	@c[(char)-2] = count();
	@s[(short)-2] = count();
	@i[(int)-2] = count();
	@l[(long long)-2] = count();
	@c[(char)100] = count();
	@s[(short)1000] = count();
	@i[(int)100000] = count();
	@l[(long long)10000000000] = count();
	exit(0);
}
