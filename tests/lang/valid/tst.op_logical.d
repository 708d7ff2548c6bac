/* Logical and, or and not. */
BEGIN
{
    lt_a = 1;
    lt_b = 0;
    trace(lt_a && lt_b);
    trace(lt_a || lt_b);
    trace(!lt_a);
    trace(!!lt_b);
}
