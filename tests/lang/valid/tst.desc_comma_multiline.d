/* A description list may span several lines. */
syscall::read:entry,
syscall::write:entry,
syscall::openat:entry
{
    @lt_io[probefunc] = count();
}

BEGIN,
END
{
}
