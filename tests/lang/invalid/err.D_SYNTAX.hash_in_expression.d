/* '#' starts a control line only at the beginning of a line. */
BEGIN
{
    lt_x = 1 # 2;
}
