/* The long and long long suffixes in every spelling. */
BEGIN
{
    lt_a = 1l;
    lt_b = 2L;
    lt_c = 3ll;
    lt_d = 4LL;
    lt_e = 5lL;
    lt_f = 6Ll;
    trace(lt_a + lt_b + lt_c + lt_d + lt_e + lt_f);
}
