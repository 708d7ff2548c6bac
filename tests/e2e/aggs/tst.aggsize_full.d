/* A full aggregation buffer (-x aggsize) drops the updates that need a new entry and reports
 * them per CPU; the entries that fit keep counting. Room here: two entries. */
#pragma D option quiet
#pragma D option aggsize=64

BEGIN
{
	@[1] = count();
	@[2] = count();
	@[3] = count();
	@[4] = count();
	@[1] = count();
	exit(0);
}
