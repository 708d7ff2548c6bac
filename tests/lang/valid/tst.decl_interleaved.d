/* Declarations between clauses. */
BEGIN
{
    lt_a = 1;
}

int lt_between;

END
{
    lt_between = lt_a;
    trace(lt_between);
}

struct lt_late {
    int lt_v;
};

tick-1s
{
    trace(sizeof(struct lt_late));
    exit(0);
}
