/* %% prints a percent sign and takes no argument. */
#pragma D option quiet

BEGIN
{
	printf("100%% %d%%\n", 50);
	exit(0);
}
