/* Unreferenced operands are only checked after a successful parse. */
BEGIN
{
    lt_x = ;
}
