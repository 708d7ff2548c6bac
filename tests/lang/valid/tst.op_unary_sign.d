/* Unary plus and minus, also applied twice. */
BEGIN
{
    lt_a = 4;
    lt_r = -lt_a;
    lt_r = +lt_a;
    lt_r = - -lt_a;
    lt_r = -(-lt_a);
    lt_r = -1;
    trace(lt_r);
}
