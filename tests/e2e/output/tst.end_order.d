/* END's output comes after everything traced before it, and before the final newline. */
#pragma D option quiet

int n;

tick-1ms
{
	printf("tick %d\n", ++n);
}

tick-1ms
/n == 3/
{
	exit(0);
}

END
{
	printf("END\n");
}
