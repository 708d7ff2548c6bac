/* Deeply nested parentheses. */
BEGIN
{
    lt_r = ((((((1 + 2) * 3) - 4) / 5) % 6) << ((1)));
    trace((((lt_r))));
}
