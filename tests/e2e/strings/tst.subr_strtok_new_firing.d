/* A firing starts with no strtok() state: strtok(NULL, ...) finds nothing in the next firing. */
#pragma D option quiet

tick-1ms
/lt_n++ == 0/
{
	printf("[%s]\n", strtok("a,b", ","));
}

tick-1ms
/lt_n == 2/
{
	printf("%d\n", strtok(NULL, ",") == NULL);
	exit(0);
}
