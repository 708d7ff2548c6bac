/* The unsigned suffix must come before the long suffix. */
BEGIN
{
    lt_x = 1lu;
}
