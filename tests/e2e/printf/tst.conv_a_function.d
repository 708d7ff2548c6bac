/* `sym and mod`sym name kernel symbols; %a prints an address as module`symbol. */
#pragma D option quiet

BEGIN
{
	printf("%a %a\n", &`vfs_read, &vmlinux`ksys_read);
	printf("%d\n", &`vfs_read == &vmlinux`vfs_read);
	exit(0);
}
