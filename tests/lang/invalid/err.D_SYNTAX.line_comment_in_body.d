/* '//' does not start a comment in D. */
BEGIN
{
    // not a comment
    exit(0);
}
