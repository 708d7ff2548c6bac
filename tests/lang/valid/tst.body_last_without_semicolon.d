/* The last statement of a body needs no semicolon. */
BEGIN
{
    lt_x = 1;
    exit(lt_x - 1)
}
