/* Prefix increment and decrement. */
BEGIN
{
    lt_i = 0;
    ++lt_i;
    --lt_i;
    lt_j = ++lt_i + 1;
    trace(--lt_j);
}
