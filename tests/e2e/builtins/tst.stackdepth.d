/* stackdepth: the depth of the kernel stack where the probe fired (nonzero in the kernel). */
#pragma D option quiet

profile-997
/arg0 != 0/
{
	printf("%d\n", stackdepth > 1 && stackdepth <= 127);
	exit(0);
}
