/* One declaration with several declarators. */
int lt_a, *lt_b, lt_c[4], **lt_d;

BEGIN
{
    lt_a = 1;
    lt_c[2] = 3;
    trace(lt_a + lt_c[2]);
}
