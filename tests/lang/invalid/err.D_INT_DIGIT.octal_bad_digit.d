/* 9 is not an octal digit. */
BEGIN
{
    lt_x = 0779;
}
