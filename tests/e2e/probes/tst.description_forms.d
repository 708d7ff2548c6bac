/* BEGIN, :::BEGIN, dtrace:::BEGIN and dtrace::: with a glob name all name the same probe. */
#pragma D option quiet

BEGIN
{
	printf("BEGIN\n");
}

:::BEGIN
{
	printf(":::BEGIN\n");
}

dtrace:::BEGIN
{
	printf("dtrace:::BEGIN\n");
}

dtrace:::BEG*
{
	printf("dtrace:::BEG*\n");
}

dtrace::*:B?GI[MN]
{
	printf("dtrace::*:B?GI[MN]\n");
	exit(0);
}
