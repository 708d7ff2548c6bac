/* D has no while loops. */
BEGIN
{
    while (1) { }
}
