/* '*' takes the width and the precision from int arguments; a negative width left-aligns. */
#pragma D option quiet

BEGIN
{
	w = 8;
	printf("[%*d] [%*d] [%.*s] [%*.*s]\n", w, 1, -w, 2, 3, "abcdef", 6, 2, "xyz");
	printf("[%-*s]\n", 5, "ab");
	exit(0);
}
