/* An undefined macro argument before a syntax error. */
BEGIN
{
    trace($3);
    lt_x = ;
}
