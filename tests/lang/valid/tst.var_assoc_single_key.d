/* An associative array with one key. */
BEGIN
{
    lt_opens["init"] = 0;
}

syscall::openat:entry
{
    lt_opens[execname] = lt_opens[execname] + 1;
}

END
{
    trace(lt_opens["bash"]);
}
