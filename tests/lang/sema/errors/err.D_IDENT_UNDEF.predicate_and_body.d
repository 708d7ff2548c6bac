/*
 * An identifier declared nowhere, read in the predicate and in the body: DTrace tries the
 * body, then cooks the predicate first, so the predicate's line is reported.
 */
BEGIN
/lt_x != 0/
{
	exit(lt_x);
}
