/* Pointer comparisons are unsigned; pointers and integers compare by value. */
#pragma D option quiet

BEGIN
{
	hi = (char *)0xffffffffffff0000;
	lo = (char *)0x10;
	printf("%d %d %d\n", hi > lo, lo < hi, hi == hi);
	printf("%d %d\n", lo == (char *)16, (void *)lo != (void *)hi);
	exit(0);
}
