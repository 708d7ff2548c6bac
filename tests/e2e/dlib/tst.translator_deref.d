/* *xlate <T *> (x) is the translated struct: . applies to it. */
#pragma D option quiet
struct lt_out { int lt_v; };
translator struct lt_out < int lt_x > { lt_v = lt_x * 3; };
BEGIN
{
	printf("%d\n", (*xlate <struct lt_out *> (5)).lt_v);
	exit(0);
}
