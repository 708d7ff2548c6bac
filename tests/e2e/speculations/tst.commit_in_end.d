/* A speculation filled by tick probes and committed in END, before END's own output. */
#pragma D option quiet

int lt_n;

BEGIN
{
	lt_spec = speculation();
}

tick-1ms
/lt_n < 2/
{
	speculate(lt_spec);
	printf("tick %d\n", lt_n);
}

tick-1ms
/lt_n == 2/
{
	exit(0);
}

tick-1ms
{
	lt_n++;
}

END
{
	commit(lt_spec);
}

END
{
	printf("END\n");
}
