/* Declarations cannot appear inside a clause. */
BEGIN
{
    int lt_y;
}
