/* Macro arguments in a predicate and in a body. */
syscall::read:entry
/arg2 > $1/
{
    @lt_big[execname] = count();
}

tick-$2s
{
    exit(0);
}
