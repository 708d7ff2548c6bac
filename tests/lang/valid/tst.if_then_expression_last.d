/* After an if statement the body may end in an expression without ';'. */
BEGIN
{
    lt_a = 3;
    if (lt_a > 1) {
        lt_a = 1
    }
    trace(lt_a)
}
