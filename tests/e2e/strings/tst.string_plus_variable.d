/* A string plus an integer that is only known at run time is the string from that character on,
 * either way round and nested; past the string's end it is empty. */
#pragma D option quiet

BEGIN
{
	lt_s = "abcdef";
	lt_i = 2;
	printf("%s %s %s %d\n", lt_s + lt_i, lt_i + lt_s, lt_s + lt_i - 1, strlen(lt_s + lt_i));
	printf("%d [%s]\n", lt_s + lt_i == "cdef", lt_s + 6);
	exit(0);
}
