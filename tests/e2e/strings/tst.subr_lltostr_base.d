/* lltostr(v, base): digits 0-9 then a-z; "0" before octal, "0x" before hex; negative numbers
   have a '-' in base 10 only, elsewhere they are their 64 bits. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", lltostr(5, 2), lltostr(0, 2), lltostr(8, 8), lltostr(0, 8));
	printf("[%s] [%s] [%s]\n", lltostr(255, 16), lltostr(0, 16), lltostr(-1, 16));
	printf("[%s] [%s] [%s]\n", lltostr(35, 36), lltostr(123456789, 36), lltostr(100, 7));
	printf("[%s]\n", lltostr(-8, 8));
	exit(0);
}
