/* 0x needs at least one hexadecimal digit. */
BEGIN
{
    lt_x = 0x;
}
