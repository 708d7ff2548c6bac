/* strjoin() may fill strsize - 1 characters (the NUL needs the last byte). */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	lt_s = strjoin("0123456", "789abcde");
	printf("[%s] %d\n", lt_s, strlen(lt_s));
	exit(0);
}
