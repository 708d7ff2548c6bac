/* A predicate must be a scalar: a string is not. */
#pragma D option quiet

BEGIN /probename/
{
	exit(0);
}
