/* curlwpsinfo describes the current thread. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", curlwpsinfo->pr_lwpid == tid, curlwpsinfo->pr_addr == (uintptr_t)curthread);
	exit(0);
}
