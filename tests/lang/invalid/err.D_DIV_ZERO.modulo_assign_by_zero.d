/* So is %= with the constant zero. */
BEGIN
{
    lt_x = 10;
    lt_x %= 0;
}
