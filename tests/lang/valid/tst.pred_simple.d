/* A predicate guards the body. */
syscall::read:entry
/pid == $pid/
{
    trace(arg2);
}
