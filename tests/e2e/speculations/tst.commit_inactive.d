/* Committing an id twice: the second commit finds it inactive and does nothing. */
#pragma D option quiet

BEGIN
{
	lt_s = speculation();
}

BEGIN
{
	speculate(lt_s);
	printf("once\n");
}

BEGIN
{
	commit(lt_s);
}

BEGIN
{
	commit(lt_s);
	lt_after = 1;
}

BEGIN
{
	printf("lt_after = %d\n", lt_after);
	exit(0);
}
