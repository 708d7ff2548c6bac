/* A backslash at the end of a line inside a body joins it with the next. */
BEGIN
{
    lt_total = 1 + \
        2 + \
        3;
    trace(lt_total);
}
