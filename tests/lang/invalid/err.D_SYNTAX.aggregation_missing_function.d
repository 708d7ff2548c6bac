/* An aggregation assignment needs a right-hand side. */
BEGIN
{
    @lt_c[1] = ;
}
