/* Thread-local variables with self->. */
syscall::read:entry
{
    self->lt_ts = timestamp;
    self->lt_fd = arg0;
}

syscall::read:return
/self->lt_ts/
{
    @lt_time[self->lt_fd] = sum(timestamp - self->lt_ts);
    self->lt_ts = 0;
    self->lt_fd = 0;
}
