/* Unsigned long and unsigned long long suffixes (u first, then l). */
BEGIN
{
    lt_a = 1ul;
    lt_b = 2UL;
    lt_c = 3uL;
    lt_d = 4Ul;
    lt_e = 5ull;
    lt_f = 6ULL;
    lt_g = 7uLL;
    lt_h = 8Ull;
    trace(lt_a + lt_b + lt_c + lt_d + lt_e + lt_f + lt_g + lt_h);
}
