/* ?: needs both branches. */
BEGIN
{
    lt_x = 1 ? 2;
}
