/* Storing a wider value in a narrower variable keeps only the low bits. */
#pragma D option quiet

char c;
unsigned char uc;
short s;
unsigned short us;
int i;
unsigned int ui;

BEGIN
{
	c = 0x1ff;
	uc = 0x1ff;
	s = 0x12345;
	us = 70000;
	i = 0x100000001;
	ui = -1;
	printf("%d %d %d %d %d %d\n", c, uc, s, us, i, ui);

	wide = 0x1234567890;
	c = wide;
	s = wide;
	i = wide;
	printf("%d %d %d\n", c, s, i);
	printf("%d %d %d\n", c + 0, s + 0, i + 0);
	exit(0);
}
