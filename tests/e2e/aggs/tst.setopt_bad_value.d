/* setopt() with a value the option does not take. */
#pragma D option quiet

BEGIN
{
	setopt("aggsortrev", "maybe");
	printf("after\n");
	exit(0);
}
