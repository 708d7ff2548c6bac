/* The anonymous aggregation @ prints like any unkeyed aggregation. */
#pragma D option quiet

BEGIN
{
	@ = sum(40);
	@ = sum(2);
	exit(0);
}
