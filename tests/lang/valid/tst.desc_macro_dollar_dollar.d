/* In a description $$1 and $1 expand the same way. */
syscall::$$1:entry
{
    @lt_n = count();
}
