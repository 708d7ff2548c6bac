/* Clause-local variables with this->. */
syscall::write:entry
{
    this->lt_len = arg2;
    this->lt_big = this->lt_len > 512;
    @lt_w[this->lt_big] = count();
}
