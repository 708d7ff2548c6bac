/* %A needs a user address with -p/-c, or a _usymaddr. */
#pragma D option quiet

tick-1ms
{
	printf("%A\n", arg1);
}
