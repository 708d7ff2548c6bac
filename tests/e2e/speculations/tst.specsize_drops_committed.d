/* specsize=32 holds two records of a 12-byte header and an int (16 bytes each); the third
 * firing's record is dropped, and when the speculation is committed the drop is reported. */
#pragma D option quiet
#pragma D option specsize=32

int lt_n;

BEGIN
{
	lt_spec = speculation();
}

tick-1ms
/lt_n < 3/
{
	speculate(lt_spec);
	printf("tick %d\n", lt_n);
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
