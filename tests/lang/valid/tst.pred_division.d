/* Inside a predicate, '/' followed by an operand divides. */
syscall::read:entry
/arg2 / 2 > 16 && arg2 % 2 == 0/
{
    @lt_n = count();
}
