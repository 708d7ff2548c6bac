/* if/else with single statements. */
BEGIN
{
    lt_x = 2;
    if (lt_x == 1)
        lt_y = 10;
    else
        lt_y = 20;
    trace(lt_y);
}
