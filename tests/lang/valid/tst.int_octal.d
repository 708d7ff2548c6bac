/* Octal integer constants. */
BEGIN
{
    lt_a = 00;
    lt_b = 0755;
    lt_c = 017777777777;
    lt_d = 01777777777777777777777;
    trace(lt_a + lt_b + lt_c + lt_d);
}
