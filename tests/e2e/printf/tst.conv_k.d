/* %k prints a stack() one frame per line, not indented. */
#pragma D option quiet

profile-997hz
/arg0 != 0/
{
	printf("stack:%kend\n", stack());
	exit(0);
}
