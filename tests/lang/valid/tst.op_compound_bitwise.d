/* Compound assignment with bitwise and shift operators. */
BEGIN
{
    lt_x = 0xff;
    lt_x &= 0x0f;
    lt_x |= 0x30;
    lt_x ^= 0x01;
    lt_x <<= 2;
    lt_x >>= 1;
    trace(lt_x);
}
