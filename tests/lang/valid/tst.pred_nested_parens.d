/* Parentheses and brackets nest inside a predicate. */
BEGIN
{
    lt_tab[1] = 2;
}

BEGIN
/((lt_tab[1] == 2) && ((1)))/
{
    exit(0);
}
