/* Multi-character constants, up to eight characters. */
BEGIN
{
    lt_a = 'ab';
    lt_b = 'abcd';
    lt_c = 'abcdefgh';
    lt_d = '\n\t';
    trace(lt_a + lt_b + lt_c + lt_d);
}
