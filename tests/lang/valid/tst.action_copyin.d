/* Copying data in from user space. */
syscall::openat:entry
{
    trace(copyinstr(arg1));
    this->lt_p = (int *)copyin(arg2, sizeof(int));
    trace(*this->lt_p);
}
