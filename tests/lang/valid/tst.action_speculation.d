/* Speculative tracing: speculation, speculate, commit and discard. */
syscall::read:entry
{
    self->lt_spec = speculation();
}

syscall::read:entry
/self->lt_spec/
{
    speculate(self->lt_spec);
    printf("%d\n", arg2);
}

syscall::read:return
/self->lt_spec && arg0 > 0/
{
    commit(self->lt_spec);
    self->lt_spec = 0;
}

syscall::read:return
/self->lt_spec/
{
    discard(self->lt_spec);
    self->lt_spec = 0;
}
