/* String values: an element holds its own copy; the empty string is a value, 0 (NULL) deletes
 * the element, and an element never assigned is NULL (compared as ""). */
#pragma D option quiet

BEGIN
{
	lt_s[1] = "one";
	lt_s[2] = "two";
	lt_t = lt_s[1];
	lt_s[1] = "uno";
	lt_s[2] = "";
	lt_s[4] = "four";
	lt_s[4] = 0;
	printf("[%s] [%s] [%s] %d %d %d\n", lt_s[1], lt_s[2], lt_t, lt_s[3] == NULL, lt_s[4] == "",
	    lt_s[2] == NULL);
	exit(0);
}
