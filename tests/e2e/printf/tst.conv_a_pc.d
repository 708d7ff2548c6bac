/* %a of a kernel PC (a profile probe's arg0) is module`function+0xoffset. */
#pragma D option quiet

profile-997hz
/arg0 != 0/
{
	printf("%a\n", arg0);
	exit(0);
}
