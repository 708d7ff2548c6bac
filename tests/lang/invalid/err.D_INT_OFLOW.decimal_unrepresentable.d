/* An unsuffixed decimal constant must fit a signed type. */
BEGIN
{
    lt_x = 9223372036854775808;
}
