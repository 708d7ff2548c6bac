/* A backslash makes the next pattern character match itself. */
syscall::re\ad:entry
{
    @lt_n = count();
}

dtr\ace:::BEGIN
{
    trace(1);
}

BEGIN
{
    exit(0);
}
