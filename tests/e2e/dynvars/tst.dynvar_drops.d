/* When the dynamic variable space is full a store is dropped, counted and reported. */
#pragma D option quiet
#pragma D option dynvarsize=20

BEGIN
{
	lt_a[1] = 1;
	lt_a[2] = 2;
	lt_a[3] = 3;
	printf("%d %d %d\n", lt_a[1], lt_a[2], lt_a[3]);
	exit(0);
}
