/* One closing parenthesis too many. */
BEGIN
{
    trace(1));
}
