/* A global keeps its value from one probe firing to the next. */
#pragma D option quiet

BEGIN
{
	msg = "from BEGIN";
	n = 10;
}

tick-1ms
/n < 13/
{
	n++;
}

tick-1ms
/n == 13/
{
	printf("%s, n = %d\n", msg, n);
	msg = "from tick";
	exit(0);
}

END
{
	printf("%s\n", msg);
}
