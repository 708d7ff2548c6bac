/* An f suffix makes a floating-point constant. */
BEGIN
{
    lt_x = 10f;
}
