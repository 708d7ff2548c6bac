/* Step by step: update, printa(), clear(), printa(): clear() keeps the keys with zero values. */
#pragma D option quiet

int lt_step;

tick-1ms
{
	lt_step++;
}

tick-1ms
/lt_step == 1/
{
	@c["a"] = count();
	@c["b"] = count();
	@c["b"] = count();
}

tick-1ms
/lt_step == 2/
{
	printa(@c);
}

tick-1ms
/lt_step == 3/
{
	clear(@c);
}

tick-1ms
/lt_step == 4/
{
	printa(@c);
	exit(0);
}
