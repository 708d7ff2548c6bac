/* sizeof needs an operand. */
BEGIN
{
    lt_x = sizeof;
}
