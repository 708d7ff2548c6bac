/* The ERROR probe of the dtrace provider may have its own clause. */
ERROR
{
    trace(arg1);
}

BEGIN
{
    exit(0);
}
