/* A file freopen() cannot open is an error on the probe; the output stays where it was. */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	freopen("..");
	printf("still here\n");
	exit(0);
}
