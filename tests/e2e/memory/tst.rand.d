/*
 * rand() returns a pseudo-random int: its values cannot be checked, only their properties.
 * Two draws differ (fails once in 2^32 runs); among 64 draws some are negative and some not
 * (once in 2^63); 40 draws together set every bit (once in 2^35).
 */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof (rand()));
	printf("%d\n", rand() != rand());
	lt_neg = (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0) +
	    (rand() < 0) + (rand() < 0) + (rand() < 0) + (rand() < 0);
	printf("%d\n", lt_neg > 0 && lt_neg < 64);
	lt_bits = rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() |
	    rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() |
	    rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() |
	    rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand() | rand();
	printf("%d\n", lt_bits == -1);
	exit(0);
}
