/* D has no for loops. */
BEGIN
{
    for (lt_i = 0; lt_i < 3; lt_i++) { }
}
