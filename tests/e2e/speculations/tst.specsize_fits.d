/* specsize=48 holds the same record (a 12-byte header aligned to 16 and four long longs). */
#pragma D option quiet
#pragma D option specsize=48

long long lt_x;

BEGIN
{
	lt_x = 123456789;
	lt_spec = speculation();
}

BEGIN
{
	speculate(lt_spec);
	printf("%lld: one\n", lt_x);
	printf("%lld: two\n", lt_x);
	printf("%lld: three\n", lt_x);
	printf("%lld: four\n", lt_x);
}

BEGIN
{
	commit(lt_spec);
}

BEGIN
{
	exit(0);
}
