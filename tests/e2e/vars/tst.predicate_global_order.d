/*
 * Clauses on one kind of probe, each with a predicate the program tests before anything else
 * (codegen/early_predicate.h). In one firing each clause still decides for itself when it is
 * reached: the first changes the global the others read, the second sees the new value and
 * runs, the third no longer passes. Later firings pass none and end at the entry.
 */
#pragma D option quiet

tick-100ms
/n == 0/
{
	n = 1;
	printf("first\n");
}

tick-100ms
/n == 1/
{
	n = 2;
	printf("second, same firing\n");
}

tick-100ms
/n == 0/
{
	printf("never: n was 0 only at the entry\n");
}

profile-5
/n == 2/
{
	exit(0);
}
