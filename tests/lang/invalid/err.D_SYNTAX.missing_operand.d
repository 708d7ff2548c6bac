/* An assignment without a right-hand side. */
BEGIN
{
    lt_x = ;
}
