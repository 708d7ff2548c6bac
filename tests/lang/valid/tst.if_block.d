/* if with a braced body. */
BEGIN
{
    lt_x = 5;
    if (lt_x > 3) {
        trace(lt_x);
    }
    exit(0);
}
