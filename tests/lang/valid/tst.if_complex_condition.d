/* The condition is any expression. */
syscall::read:entry
{
    if (pid == $pid || (arg2 > 4096 && execname != "dtrace")) {
        @lt_big[execname] = count();
    } else if (arg2 == 0) {
        @lt_empty = count();
    }
}
