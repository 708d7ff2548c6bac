/* With -x bufresize=manual a buffer larger than the kernel can give is not shrunk: enabling
 * fails. */
#pragma D option bufresize=manual
#pragma D option bufsize=1t

BEGIN
{
	exit(0);
}
