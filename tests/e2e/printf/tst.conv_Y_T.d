/* %Y prints year first (no weekday); %T is the RFC 822 form (run with TZ=UTC). */
#pragma D option quiet

BEGIN
{
	t = (int64_t)1000000000 * 1000000000;
	printf("%Y\n", t);
	printf("%T\n", t);
	printf("%Y\n", (int64_t)0);
	exit(0);
}
