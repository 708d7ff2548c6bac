/* An else binds to the nearest if. */
BEGIN
{
    lt_a = 1;
    lt_b = 0;
    if (lt_a)
        if (lt_b)
            trace(1);
        else
            trace(2);
}
