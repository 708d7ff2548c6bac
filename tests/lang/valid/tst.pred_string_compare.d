/* Predicates comparing strings. */
syscall::openat:entry
/execname == "bash" || execname != "sh"/
{
    @lt_opens[execname] = count();
}
