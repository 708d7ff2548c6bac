/* = = is two operators, not one. */
BEGIN
{
    lt_x = = 1;
}
