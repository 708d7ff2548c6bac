/* Casts to pointer types, with qualifiers and several levels. */
syscall::read:entry
{
    this->lt_vp = (void *)arg1;
    this->lt_cp = (char *)arg1;
    this->lt_ccp = (const char *)arg1;
    this->lt_ip = (int *)arg1;
    this->lt_ipp = (int **)arg1;
    this->lt_vvp = (volatile void *)arg1;
    this->lt_addr = (uintptr_t)this->lt_cp;
    trace(this->lt_addr);
}
