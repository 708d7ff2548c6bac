/* -x droptags prefixes the failed-speculation message with its tag. */
#pragma D option quiet
#pragma D option droptags

BEGIN
{
	lt_a = speculation();
	lt_b = speculation();
	exit(0);
}
