/* Integer keys of 1, 2 and 8 bytes sort unsigned at their size; 1- and 2-byte keys also print
 * unsigned, 8-byte ones signed. */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@c[(char)-2] = count();
	@c[(char)1] = count();
	@c[(char)-1] = count();
	@c[(char)2] = count();
	@s[(short)-2] = count();
	@s[(short)1] = count();
	@s[(short)-1] = count();
	@s[(short)2] = count();
	@l[(long)-2] = count();
	@l[(long)1] = count();
	@l[(long)-1] = count();
	@l[(long)2] = count();
	exit(0);
}
