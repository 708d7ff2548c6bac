/* A predicate closed while a parenthesis is still open; the line is that of
   the first character after the closing slash. */
BEGIN
/(1 + 2/
{
    exit(0);
}
