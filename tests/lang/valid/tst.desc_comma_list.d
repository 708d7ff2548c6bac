/* One body shared by a comma-separated list of descriptions. */
BEGIN, END
{
    trace(probename);
}

syscall::read:entry, syscall::write:entry
/pid == $pid/
{
    @lt_io[probefunc] = count();
}
