/* A clause whose only action is speculate() records an empty record: committed, it prints
 * the probe line alone. */
BEGIN
{
	lt_spec = speculation();
}

BEGIN
/lt_spec/
{
	speculate(lt_spec);
}

BEGIN
/lt_spec/
{
	commit(lt_spec);
}

BEGIN
{
	exit(0);
}
