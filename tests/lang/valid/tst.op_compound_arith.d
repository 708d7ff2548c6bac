/* Compound assignment with arithmetic operators. */
BEGIN
{
    lt_x = 100;
    lt_x += 5;
    lt_x -= 3;
    lt_x *= 2;
    lt_x /= 4;
    lt_x %= 7;
    trace(lt_x);
}
