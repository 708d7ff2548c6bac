/* A cast needs an operand. */
BEGIN
{
    lt_x = (int);
}
