/* getmajor() and getminor() split a Linux dev_t: the major number in bits 20-31, the minor
 * number in bits 0-19. */
#pragma D option quiet

BEGIN
{
	printf("%x %x\n", getmajor(0x0123456789abcdefULL), getminor(0x0123456789abcdefULL));
	printf("%d %d\n", getmajor(0x800003), getminor(0x800003));
	exit(0);
}
