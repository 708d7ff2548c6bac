/* A compile-time flag option takes no value, and setopt() always passes one ("1" when none is
 * given): DTrace refuses it as an invalid value. */
#pragma D option quiet

BEGIN
{
	setopt("defaultargs");
	printf("after\n");
	exit(0);
}
