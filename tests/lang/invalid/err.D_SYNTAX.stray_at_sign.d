/* A lone '@' is the anonymous aggregation, not an operator. */
BEGIN
{
    lt_x = 1 @ 2;
}
