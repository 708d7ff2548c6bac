/* The same inside a predicate. */
BEGIN
/lt_v = 1$1/
{
}
