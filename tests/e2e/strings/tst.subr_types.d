/* The types of the results: strlen() is a size_t, index() an int, strtoll() an int64_t. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof (strlen("a")), sizeof (index("a", "a")),
	    sizeof (strtoll("1")), sizeof (rindex("a", "a")));
	exit(0);
}
