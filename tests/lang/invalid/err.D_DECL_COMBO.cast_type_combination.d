/* Two base types in one type name. */
BEGIN
{
    lt_x = (int char)1;
}
