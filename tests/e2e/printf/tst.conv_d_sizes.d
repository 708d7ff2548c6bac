/* %d prints signed types as signed and unsigned types as unsigned, at every size. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", (int8_t)-5, (int16_t)-5, (int32_t)-5, (int64_t)-5);
	printf("%d %d %d %d\n", (uint8_t)-5, (uint16_t)-5, (uint32_t)-5, (uint64_t)-5);
	printf("%i %i %i\n", (int8_t)-5, (uint32_t)-5, -5L);
	exit(0);
}
