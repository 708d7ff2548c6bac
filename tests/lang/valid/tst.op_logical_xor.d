/* The D logical exclusive-or operator ^^. */
BEGIN
{
    lt_a = 3;
    lt_b = 0;
    trace(lt_a ^^ lt_b);
    trace((lt_a > 1) ^^ (lt_b > 1));
    trace(lt_a && lt_b ^^ lt_a || lt_b);
}
