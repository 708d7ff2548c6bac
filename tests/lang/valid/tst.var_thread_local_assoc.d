/* Thread-local associative arrays. */
syscall::read:entry
{
    self->lt_start[arg0] = timestamp;
}

syscall::read:return
/self->lt_start[0]/
{
    self->lt_start[0] = 0;
}
