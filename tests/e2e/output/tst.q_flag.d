/* -q is the same as the quiet option. */
BEGIN
{
	printf("quiet %d\n", 1);
	exit(0);
}
