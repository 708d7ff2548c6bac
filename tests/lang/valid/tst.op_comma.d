/* The comma operator evaluates left to right and yields its right operand. */
BEGIN
{
    lt_a = (lt_b = 1, lt_c = 2, lt_b + lt_c);
    lt_d = 1, lt_e = 2;
    trace((lt_a, lt_d + lt_e));
}
