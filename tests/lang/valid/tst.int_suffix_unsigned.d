/* The unsigned suffix in both cases. */
BEGIN
{
    lt_a = 1u;
    lt_b = 2U;
    lt_c = 4294967295u;
    lt_d = 18446744073709551615u;
    trace(lt_a + lt_b + lt_c);
    trace(lt_d);
}
