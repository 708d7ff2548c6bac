/* The conditional operator, nested to the right without parentheses. */
BEGIN
{
    lt_n = 5;
    lt_r = lt_n > 3 ? 1 : 0;
    lt_r = lt_n > 10 ? 3 : lt_n > 4 ? 2 : lt_n > 0 ? 1 : 0;
    lt_s = lt_n % 2 ? "odd" : "even";
    trace(lt_r);
    trace(lt_s);
}
