/* A member may hold a kernel struct by value: the kernel's types complete it. */
struct lt_stamp {
	struct timespec64 lt_when;
	int lt_n;
};

BEGIN
{
	trace(sizeof(struct lt_stamp));
	exit(0);
}
