/* Suffixes on hexadecimal and octal constants. */
BEGIN
{
    lt_a = 0x10u;
    lt_b = 0x10UL;
    lt_c = 0xffffffffffffffffull;
    lt_d = 0777l;
    lt_e = 0777ULL;
    trace(lt_a + lt_b + lt_d + lt_e);
    trace(lt_c);
}
