/* The same check applies inside a cast. */
BEGIN
{
    lt_x = (short char)1;
}
