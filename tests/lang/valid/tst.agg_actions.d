/* Actions that operate on aggregations. */
syscall::read:entry
{
    @lt_n[execname] = count();
}

tick-1s
{
    normalize(@lt_n, 10);
    printa(@lt_n);
    denormalize(@lt_n);
    trunc(@lt_n, 5);
    trunc(@lt_n);
    clear(@lt_n);
}
