/* An integer operand wider than 64 bits. */
BEGIN
{
    lt_x = $1;
}
