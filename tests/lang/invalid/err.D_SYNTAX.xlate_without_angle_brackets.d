/* The xlate target type is written in angle brackets. */
BEGIN
{
    lt_x = xlate(int)(1);
}
