/* A predicate may span lines. */
syscall::write:entry
/
    pid != $pid &&
    arg2 > 0
/
{
    @lt_bytes = sum(arg2);
}
