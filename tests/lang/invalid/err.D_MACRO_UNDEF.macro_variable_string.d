/* An unknown macro variable in its string form. */
BEGIN
{
    trace($$home);
}
