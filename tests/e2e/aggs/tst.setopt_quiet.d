/* setopt("quiet") while tracing: the firing that sets it has printed its probe line already but
 * ends without the newline; later firings print no probe line. */
int n;

BEGIN
{
	setopt("quiet");
	printf("begin\n");
}

tick-1ms
/n++ == 0/
{
	printf("tick\n");
}

tick-1ms
/n == 2/
{
	exit(0);
}
