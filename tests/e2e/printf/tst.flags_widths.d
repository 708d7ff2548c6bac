/* Flags - + space 0 and widths and precisions on integers. */
#pragma D option quiet

BEGIN
{
	printf("[%6d] [%-6d] [%06d] [%+d] [%+d] [% d] [% d]\n", 42, 42, 42, 42, -42, 42, -42);
	printf("[%-+6d] [%+06d] [%.4d] [%8.4d] [%-8.4x]\n", 7, 7, 7, -7, 255);
	printf("[%x] [%8x] [%-8X] [%08x] [%#8x]\n", 48879, 48879, 48879, 48879, 48879);
	exit(0);
}
