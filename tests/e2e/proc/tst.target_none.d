/* Without -c or -p, $target is zero. */
#pragma D option quiet

BEGIN
{
	printf("$target %d\n", $target);
	exit(0);
}
