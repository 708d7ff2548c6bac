/* A D union global: its members share storage. */
#pragma D option quiet

union lt_u {
	uint32_t	word;
	uint8_t		bytes[4];
};

union lt_u u;

BEGIN
{
	u.word = 0x11223344;
	printf("%x %x %d\n", u.bytes[0], u.bytes[3], sizeof (u));
	exit(0);
}
