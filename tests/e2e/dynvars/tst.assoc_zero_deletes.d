/* Assigning 0 deletes an element: with room for a single element, storing a second key fails
 * until the first one has been deleted. */
#pragma D option quiet
#pragma D option dynvarsize=20

BEGIN
{
	lt_a[1] = 1;
	lt_a[1] = 0;
	lt_a[2] = 2;
	printf("%d %d\n", lt_a[1], lt_a[2]);
	exit(0);
}
