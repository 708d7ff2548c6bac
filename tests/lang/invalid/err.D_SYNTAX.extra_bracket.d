/* One closing bracket too many. */
BEGIN
{
    lt_a[1]] = 2;
}
