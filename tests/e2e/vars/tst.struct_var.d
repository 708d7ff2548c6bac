/* A global of a struct type declared in D: members are zero, then assignable. */
#pragma D option quiet

struct lt_point {
	int	x;
	int	y;
	char	tag;
};

struct lt_point pt;

BEGIN
{
	printf("%d %d %d\n", pt.x, pt.y, pt.tag);
	pt.x = 3;
	pt.y = -4;
	pt.tag = 'p';
	printf("%d %d %c %d\n", pt.x, pt.y, pt.tag, sizeof (pt));
	exit(0);
}
