/* Binary arithmetic operators. */
BEGIN
{
    lt_a = 17;
    lt_b = 5;
    lt_r = lt_a + lt_b;
    lt_r = lt_a - lt_b;
    lt_r = lt_a * lt_b;
    lt_r = lt_a / lt_b;
    lt_r = lt_a % lt_b;
    trace(lt_r);
}
