/* speculate() followed only by assignments records nothing: committing prints nothing, and the
 * assignments run. */
BEGIN
{
	lt_spec = speculation();
}

BEGIN
{
	speculate(lt_spec);
	lt_x = 5;
}

BEGIN
{
	commit(lt_spec);
}

BEGIN
{
	trace(lt_x);
	exit(0);
}
