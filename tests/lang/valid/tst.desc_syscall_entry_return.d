/* Entry and return probes of one system call. */
syscall::read:entry
{
    self->lt_ts = timestamp;
}

syscall::read:return
/self->lt_ts/
{
    @lt_lat = quantize(timestamp - self->lt_ts);
    self->lt_ts = 0;
}
