/*
 * A clause enabled twice on one probe runs twice in each firing, and its first run changes the
 * global its predicate reads: the second run sees the new value and is skipped, also where the
 * program tests the predicate before anything else (codegen/early_predicate.h).
 */
#pragma D option quiet

tick-100ms, tick-100ms
/n == 0/
{
	n++;
	printf("%d\n", n);
}

profile-5
/n > 0/
{
	exit(0);
}
