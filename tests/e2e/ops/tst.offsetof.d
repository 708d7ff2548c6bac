/* offsetof() on D-declared structs and on a kernel struct. */
#pragma D option quiet

struct lt_rec {
	char		tag;
	int		count;
	long		total;
	char		name[3];
	uint64_t	last;
};

BEGIN
{
	printf("%d %d %d %d %d\n", offsetof(struct lt_rec, tag),
	    offsetof(struct lt_rec, count), offsetof(struct lt_rec, total),
	    offsetof(struct lt_rec, name), offsetof(struct lt_rec, last));
	printf("%d\n", sizeof (struct lt_rec));
	printf("%d\n", offsetof(struct task_struct, pid) ==
	    (uintptr_t)&curthread->pid - (uintptr_t)curthread);
	exit(0);
}
