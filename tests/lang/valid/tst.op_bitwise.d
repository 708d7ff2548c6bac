/* Bitwise operators. */
BEGIN
{
    lt_a = 0xf0;
    lt_b = 0x3c;
    trace(lt_a & lt_b);
    trace(lt_a | lt_b);
    trace(lt_a ^ lt_b);
    trace(~lt_a);
    trace(~~lt_a);
}
