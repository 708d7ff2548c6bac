#pragma D option quiet
BEGIN
{
	printf("[%s] [%10s] [%-10s] [%.3s]\n", "hello", "right", "left", "truncate");
	printf("%c%c%c\n", 68, 0x2d, 0x78);
	printf("100%%\n");
	exit(0);
}
