/* BEGIN fires before any other probe, even when its clause comes last. */
#pragma D option quiet

int began, early;

tick-1ms
/!began/
{
	early++;
}

profile-1000hz
/!began/
{
	early++;
}

tick-50ms
{
	printf("early firings: %d\n", early);
	exit(0);
}

BEGIN
{
	began = 1;
}
