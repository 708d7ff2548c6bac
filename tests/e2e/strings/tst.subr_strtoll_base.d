/* strtoll(s, base): letters are digits from 10 on, either case; in base 16 a "0x" before a
   hex digit is skipped. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", strtoll("0x1F", 16), strtoll("1F", 16), strtoll("0xg", 16),
	    strtoll("0X10", 16));
	printf("%d %d %d %d %d %d\n", strtoll("101", 2), strtoll("102", 2), strtoll("zz", 36),
	    strtoll("Zz", 36), strtoll("777", 8), strtoll("8", 8));
	exit(0);
}
