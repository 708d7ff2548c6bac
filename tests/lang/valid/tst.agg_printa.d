/* printa with and without a format string. */
syscall::read:entry
{
    @lt_n[execname] = count();
    @lt_b[execname] = sum(arg2);
}

tick-1s
{
    printa(@lt_n);
    printa("%-20s %@d\n", @lt_n);
    printa("%s %@d %@d\n", @lt_n, @lt_b);
}
