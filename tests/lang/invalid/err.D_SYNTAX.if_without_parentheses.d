/* The condition of an if must be parenthesised. */
BEGIN
{
    lt_x = 2;
    if lt_x > 1 {
        trace(lt_x);
    }
}
