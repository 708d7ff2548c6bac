/* Hexadecimal integer constants in both cases. */
BEGIN
{
    lt_a = 0x0;
    lt_b = 0xdeadbeef;
    lt_c = 0XDEADBEEF;
    lt_d = 0xAbCdEf;
    lt_e = 0xffffffffffffffff;
    lt_f = 0x7FFFFFFFFFFFFFFF;
    trace(lt_a + lt_b + lt_c + lt_d + lt_f);
    trace(lt_e);
}
