/* Division by the constant zero is caught while parsing. */
BEGIN
{
    lt_x = 10 / 0;
}
