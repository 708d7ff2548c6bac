/* A program's own translator, used through -> and . member by member. */
#pragma D option quiet
struct lt_out {
	int	lt_next;
	long	lt_twice;
	string	lt_name;
};
translator struct lt_out < int lt_x > {
	lt_next = lt_x + 1;
	lt_twice = lt_x * 2;
	lt_name = "lt";
};
BEGIN
{
	printf("%d %d %s\n", xlate <struct lt_out *> (20)->lt_next,
	    xlate <struct lt_out> (21).lt_twice, xlate <struct lt_out *> (3)->lt_name);
	exit(0);
}
