/* A kernel typedef names a type wherever only a type fits: in a cast, in sizeof, and as a
 * member's type, as DTrace's lexer finds kernel type names. */
struct lt_pair {
	__u8 lt_small;
	__u64 lt_large;
};

BEGIN
{
	trace(sizeof(struct lt_pair));
	trace(sizeof(rwlock_t));
	trace((rwlock_t *)0);
	trace((__u16)70000);
	exit(0);
}
