/* A format without conversions; printf of only text; several printf calls on one line. */
#pragma D option quiet

BEGIN
{
	printf("a");
	printf("b");
	printf("c\n");
	printf("%s%s\n", "x", "y");
	exit(0);
}
