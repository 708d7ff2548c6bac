#pragma D option quiet
int total;
BEGIN
{
	total = 1;
	total += 41;
	s = "a string";
	c = (char)300;
	printf("%d %s %d\n", total, s, c);
	total++;
	++total;
	total--;
	printf("%d\n", total);
	exit(0);
}
