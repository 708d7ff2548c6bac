/* strchr(), strrchr() and strstr() return NULL when they find nothing; a string compares with
   NULL as DTrace compares strings, NULL being the empty string. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", strchr("abc", 'z') == NULL, strchr("abc", 'b') == NULL,
	    strrchr("abc", 'z') == NULL, strstr("abc", "x") == NULL);
	exit(0);
}
