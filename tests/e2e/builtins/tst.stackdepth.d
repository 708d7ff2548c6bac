/* stackdepth: the depth of the kernel stack the probe fired on (BEGIN fires in the kernel too). */
#pragma D option quiet

BEGIN
{
	printf("%d\n", stackdepth > 1 && stackdepth <= 127);
	exit(0);
}
