/* An array reference needs a subscript. */
BEGIN
{
    lt_a[] = 1;
}
