/* '//' does not start a comment outside clauses either. */
// not a comment
BEGIN
{
    exit(0);
}
