/* strtok() state works in any probe's firing, not only BEGIN's. */
#pragma D option quiet

tick-1ms
{
	printf("[%s]", strtok("one/two", "/"));
}

tick-1ms
{
	printf("[%s]\n", strtok(NULL, "/"));
	exit(0);
}
