/* A binary operator without its right operand at the end of a body. */
BEGIN
{
    lt_x = 1 +
}
