/* if statements nested inside each other. */
BEGIN
{
    lt_a = 1;
    lt_b = 2;
    if (lt_a) {
        if (lt_b) {
            if (lt_a < lt_b) {
                trace(lt_a + lt_b);
            }
        } else {
            trace(0);
        }
    }
}
