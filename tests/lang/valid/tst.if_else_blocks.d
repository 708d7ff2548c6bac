/* if/else with braced bodies. */
BEGIN
{
    lt_x = 2;
    if (lt_x == 1) {
        trace("one");
    } else {
        trace("other");
    }
}
