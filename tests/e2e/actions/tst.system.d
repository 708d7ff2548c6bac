/* system() runs a command when its record is consumed, in order with other output. */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	printf("before\n");
	system("echo system ran %d %s", 42, "times");
	printf("after\n");
	exit(0);
}
