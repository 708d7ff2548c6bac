/* Character constants. */
BEGIN
{
    lt_a = 'a';
    lt_b = 'Z';
    lt_c = '0';
    lt_d = ' ';
    lt_e = '"';
    lt_f = '/';
    lt_g = '#';
    trace(lt_a + lt_b + lt_c + lt_d + lt_e + lt_f + lt_g);
}
