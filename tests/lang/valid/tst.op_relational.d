/* Relational operators. */
BEGIN
{
    lt_a = 1;
    lt_b = 2;
    trace(lt_a < lt_b);
    trace(lt_a <= lt_b);
    trace(lt_a > lt_b);
    trace(lt_a >= lt_b);
}
