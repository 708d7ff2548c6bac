/*
 * At exit the aggregations print in the order they first appear in the program, not in the
 * order they were first updated, with no blank line between them.
 */
#pragma D option quiet

int lt_step;

tick-1ms
/lt_step == 2/
{
	@first["late"] = sum(1);
	exit(0);
}

tick-1ms
/lt_step == 1/
{
	@second = count();
	@third["early"] = max(3);
}

tick-1ms
{
	lt_step++;
}
