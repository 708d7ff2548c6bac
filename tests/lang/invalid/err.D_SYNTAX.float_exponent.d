/* An exponent makes a floating-point constant. */
BEGIN
{
    lt_x = 3e2;
}
