/* Simple and chained assignment (right associative). */
BEGIN
{
    lt_a = lt_b = lt_c = 7;
    trace(lt_a + lt_b + lt_c);
}
