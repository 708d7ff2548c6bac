/* A strtok() with a string starts over, forgetting the previous one. */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("a:b:c", ":"));
	printf("[%s]", strtok("x-y", "-"));
	printf("[%s]\n", strtok(NULL, "-"));
	exit(0);
}
