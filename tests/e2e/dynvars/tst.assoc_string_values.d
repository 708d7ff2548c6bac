/* String values: an element holds its own copy; an empty string deletes it. */
#pragma D option quiet

BEGIN
{
	lt_s[1] = "one";
	lt_s[2] = "two";
	lt_t = lt_s[1];
	lt_s[1] = "uno";
	lt_s[2] = "";
	printf("[%s] [%s] [%s] [%s]\n", lt_s[1], lt_s[2], lt_t, lt_s[3]);
	exit(0);
}
