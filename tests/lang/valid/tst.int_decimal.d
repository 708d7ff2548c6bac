/* Decimal integer constants. */
BEGIN
{
    lt_a = 0;
    lt_b = 7;
    lt_c = 2147483647;
    lt_d = 2147483648;
    lt_e = 9223372036854775807;
    trace(lt_a + lt_b + lt_c + lt_d + lt_e);
}
