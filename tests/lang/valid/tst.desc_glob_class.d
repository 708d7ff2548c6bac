/* A bracket expression with a range matches one character from the set. */
syscall::[a-z]ead:entry
{
    @lt_n = count();
}

syscall::[pq]read64:entry
{
    @lt_p = count();
}
