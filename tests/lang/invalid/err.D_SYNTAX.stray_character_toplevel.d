/* An unexpected character between clauses. */
BEGIN
{
    exit(0);
}
@
