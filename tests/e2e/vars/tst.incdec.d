/* ++ and -- before and after; ++ on an unknown name creates an int64_t. */
#pragma D option quiet

BEGIN
{
	a = n++;
	b = ++n;
	c = n--;
	d = --n;
	printf("%d %d %d %d %d %d\n", a, b, c, d, n, sizeof (n));
	x = 5;
	x++;
	++x;
	x--;
	printf("%d\n", x);
	exit(0);
}
