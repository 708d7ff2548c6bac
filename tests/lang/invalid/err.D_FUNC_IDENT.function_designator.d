/* Only an identifier can be called. */
BEGIN
{
    lt_x = (1)(2);
}
