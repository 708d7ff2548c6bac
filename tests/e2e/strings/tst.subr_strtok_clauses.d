/* strtok() goes on where it stopped in every clause of the same probe firing. */
#pragma D option quiet

BEGIN
{
	printf("[%s]\n", strtok("a b  c", " "));
}

BEGIN
{
	printf("[%s]\n", strtok(NULL, " "));
}

BEGIN
{
	printf("[%s]\n", strtok(NULL, " "));
	exit(0);
}
