/* A subscript list may not start with a comma. */
BEGIN
{
    lt_a[, 1] = 2;
}
