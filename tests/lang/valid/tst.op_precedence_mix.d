/* Many operators without parentheses, relying on D's precedence. */
BEGIN
{
    lt_a = 1;
    lt_b = 2;
    lt_c = 3;
    lt_r = lt_a + lt_b * lt_c - lt_c / lt_b % 2 << 1 >> 1;
    lt_t = lt_a < lt_b == lt_b > lt_c & lt_a | lt_b ^ lt_c;
    lt_u = lt_a || lt_b ^^ lt_c && !lt_a;
    lt_v = -lt_a * ~lt_b + !lt_c;
    trace(lt_r + lt_t + lt_u + lt_v);
}
