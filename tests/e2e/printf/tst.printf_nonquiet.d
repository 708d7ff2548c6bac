/* Without quiet, printf output follows the probe line's FUNCTION:NAME column. */
BEGIN
{
	printf("hello %d", 42);
	exit(0);
}
