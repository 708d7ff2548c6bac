/* The anonymous aggregation, also spelled @_. */
syscall:::entry
{
    @ = count();
}

syscall:::return
{
    @_ = count();
}

END
{
    printa(@);
}
