/*
 * Character constants: escapes as DTrace reads them (\? and \' keep their backslash), several
 * characters packed into one value, the first the most significant.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 'A', '\n', '\\', '\101');
	printf("%x %x %x\n", 'ab', '\?', '\'');
	printf("%s|\n", "a\?b\'c\\d\"e");
	exit(0);
}
