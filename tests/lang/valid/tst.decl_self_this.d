/* Declarations with the self and this storage classes. */
self int lt_depth;
self string lt_name;
this int lt_tmp;
this char *lt_ptr;

syscall::read:entry
{
    self->lt_depth++;
    self->lt_name = execname;
    this->lt_tmp = 1;
    this->lt_ptr = (char *)arg1;
}

syscall::read:return
/self->lt_depth/
{
    self->lt_depth--;
}
