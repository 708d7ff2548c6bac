/* A record larger than specsize (39, rounded down to 32 bytes: a 16-byte header and four
 * long longs need 48) is a speculative drop that abandons the rest of the clause; drops of a
 * speculation that is never committed are not reported. */
#pragma D option quiet
#pragma D option specsize=39

long long lt_x;

BEGIN
{
	lt_x = 123456789;
	lt_spec = speculation();
	printf("id %d\n", lt_spec);
}

BEGIN
{
	speculate(lt_spec);
	printf("%lld: one\n", lt_x);
	printf("%lld: two\n", lt_x);
	printf("%lld: three\n", lt_x);
	printf("%lld: four\n", lt_x);
	lt_done = 1;
}

BEGIN
/lt_done/
{
	printf("the speculative clause ran to its end\n");
}

BEGIN
{
	printf("lt_done = %d\n", lt_done);
	exit(0);
}
