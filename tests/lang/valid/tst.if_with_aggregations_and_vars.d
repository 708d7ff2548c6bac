/* if statements using thread-local and clause-local variables. */
syscall::read:entry
{
    self->lt_start = timestamp;
}

syscall::read:return
{
    if (self->lt_start) {
        this->lt_d = timestamp - self->lt_start;
        if (this->lt_d > 1000000) {
            @lt_slow[execname] = count();
        }
        self->lt_start = 0;
    }
}
