/* An opening parenthesis without its partner. */
BEGIN
{
    trace((1 + 2);
}
