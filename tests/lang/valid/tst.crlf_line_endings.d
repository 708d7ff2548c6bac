/* Carriage returns are white space. */
BEGIN
{
    lt_x = 1;
    trace(lt_x);
}
