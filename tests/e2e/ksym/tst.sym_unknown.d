/* An address no kernel function contains is printed in hexadecimal. */
#pragma D option quiet

BEGIN
{
	sym(0x1234);
	printf("|\n");
	mod(0x1234);
	printf("|\n");
	exit(0);
}
