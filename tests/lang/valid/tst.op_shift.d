/* Shift operators. */
BEGIN
{
    lt_a = 1;
    trace(lt_a << 10);
    trace(1024 >> 3);
    trace(lt_a << 2 >> 1);
}
