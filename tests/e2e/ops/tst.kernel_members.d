/* Members of kernel structs: nested pointers, embedded structs, array elements. */
#pragma D option quiet

BEGIN
{
	printf("%c%c %d\n", curthread->comm[0], curthread->comm[5], curthread->comm[6]);
	printf("%d %d\n", curthread->real_parent->pid == ppid, (*curthread).tgid == pid);
	printf("%d %d %d\n", sizeof (pid_t), sizeof (size_t), sizeof (curthread->comm));
	exit(0);
}
