/* The <stdint.h> typedefs: int8_t .. uint64_t, each at its limits. */
#pragma D option quiet

int8_t i8;
uint8_t u8;
int16_t i16;
uint16_t u16;
int32_t i32;
uint32_t u32;
int64_t i64;
uint64_t u64;

BEGIN
{
	i8 = 127; u8 = 255; i16 = 32767; u16 = 65535;
	i32 = 2147483647; u32 = 4294967295; i64 = 9223372036854775807; u64 = 0xffffffffffffffffULL;
	printf("%d %d %d %d %d %d %d %d\n", i8, u8, i16, u16, i32, u32, i64, u64);
	i8 = -128; i16 = -32768; i32 = -2147483648; i64 = -9223372036854775807 - 1;
	printf("%d %d %d %d\n", i8, i16, i32, i64);
	exit(0);
}
