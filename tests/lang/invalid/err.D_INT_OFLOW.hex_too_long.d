/* A hexadecimal constant wider than 64 bits. */
BEGIN
{
    lt_x = 0x1234567890abcdef1;
}
