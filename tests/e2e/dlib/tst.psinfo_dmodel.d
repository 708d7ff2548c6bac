/* A 64-bit process: PR_MODEL_LP64. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", curpsinfo->pr_dmodel == PR_MODEL_LP64, PR_MODEL_LP64);
	exit(0);
}
