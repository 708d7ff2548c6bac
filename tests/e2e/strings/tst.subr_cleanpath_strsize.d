/* cleanpath() stops writing when fewer than five bytes of strsize are left. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("[%s] [%s]\n", cleanpath("/aaaa/bbbb/cccc/dddd"), cleanpath("/aa/bb/../cc/dd/ee"));
	exit(0);
}
