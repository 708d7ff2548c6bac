/* Step by step: printa(), trunc(@a, 2), printa(), trunc(@a), printa() (an empty line alone). */
#pragma D option quiet

int lt_step;

tick-1ms
{
	lt_step++;
}

tick-1ms
/lt_step == 1/
{
	@a["x"] = sum(1);
	@a["y"] = sum(2);
	@a["z"] = sum(3);
}

tick-1ms
/lt_step == 2/
{
	printa(@a);
}

tick-1ms
/lt_step == 3/
{
	trunc(@a, 2);
}

tick-1ms
/lt_step == 4/
{
	printa(@a);
}

tick-1ms
/lt_step == 5/
{
	trunc(@a);
}

tick-1ms
/lt_step == 6/
{
	printa(@a);
	exit(0);
}
