/* -x droptags names the kind of each drop: dynamic variable space full. */
#pragma D option quiet
#pragma D option droptags
#pragma D option dynvarsize=20

BEGIN
{
	lt_a[1] = 1;
	lt_a[2] = 2;
	lt_a[3] = 3;
	exit(0);
}
