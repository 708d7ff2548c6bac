/* An identifier may not start with a digit. */
BEGIN
{
    lt_x = 12abc;
}
