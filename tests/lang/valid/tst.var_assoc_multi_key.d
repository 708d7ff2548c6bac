/* Associative arrays with tuple keys of mixed types. */
BEGIN
{
    lt_tab[1, "one"] = 10;
    lt_tab[2, "two"] = 20;
    lt_tab[1, "one"] += 5;
    lt_tab[2, "two"] = 0;
    lt_grid[1, 2, 3] = "cell";
    trace(lt_tab[1, "one"]);
    trace(lt_grid[1, 2, 3]);
}
