/* Macro variables in a predicate, a common idiom. */
syscall::write:entry
/pid != $pid && ppid != $pid/
{
    @lt_w[execname] = count();
}
