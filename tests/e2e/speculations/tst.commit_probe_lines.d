/* Committed records print under the probe that traced them, one line per firing. */
int lt_n;

tick-1ms
/lt_n == 1/
{
	lt_spec = speculation();
	speculate(lt_spec);
	trace(lt_n);
}

tick-1ms
/lt_n == 2/
{
	speculate(lt_spec);
	trace(lt_n);
}

tick-1ms
/lt_n == 3/
{
	commit(lt_spec);
}

tick-1ms
/lt_n == 4/
{
	exit(0);
}

tick-1ms
{
	lt_n++;
}
