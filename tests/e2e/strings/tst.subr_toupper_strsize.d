/* toupper() and tolower() write at most strsize - 1 characters. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	lt_s = "abcdefghijklmnop";
	printf("%d [%s] [%s]\n", strlen(lt_s), toupper(lt_s), tolower("ABCDEFGHIJKLMNOPQ"));
	exit(0);
}
