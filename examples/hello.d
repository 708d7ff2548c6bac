/*
 * hello.d: the smallest useful D program.
 * BEGIN fires once, before any other probe; exit() stops tracing, and END fires on the way out.
 *
 *   bdtrace -s examples/hello.d
 */

BEGIN
{
	printf("hello from D\n");
	exit(0);
}

END
{
	printf("tracing stopped\n");
}
