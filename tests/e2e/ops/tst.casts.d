/* Casts narrow (keeping the low bits) and widen (sign- or zero-extending). */
#pragma D option quiet

BEGIN
{
	x = 0x1234;
	printf("%d %d %d\n", (char)x, (char)0xff, (unsigned char)-1);
	printf("%d %d\n", (short)-1, (uint16_t)-1);
	y = 0x123456789;
	printf("%d %d\n", (int)y, (uint32_t)-1);
	m = -1;
	printf("%d %u %d\n", (int64_t)m, (uint64_t)m, (int64_t)(uint32_t)m);
	printf("%d %p\n", (uintptr_t)(char *)0x1000, (char *)4096 + 1);
	printf("%d\n", (int)(char)200 + 0);
	exit(0);
}
