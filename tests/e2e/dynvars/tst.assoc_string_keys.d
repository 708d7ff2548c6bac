/* String keys compare by value: a key built at run time finds the element a constant made. */
#pragma D option quiet

BEGIN
{
	lt_a["alpha"] = 1;
	lt_a["beta"] = 2;
	lt_k = "alpha";
	printf("%d %d %d %d\n", lt_a[lt_k], lt_a["beta"], lt_a["gamma"], lt_a[""]);
	exit(0);
}
