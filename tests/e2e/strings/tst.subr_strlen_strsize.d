/* A string holds at most strsize characters: strlen() never says more. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	lt_s = "0123456789abcdefghij";
	printf("%d %d %d %d\n", strlen("0123456789abcde"), strlen("0123456789abcdef"),
	    strlen("0123456789abcdefghij"), strlen(lt_s));
	exit(0);
}
