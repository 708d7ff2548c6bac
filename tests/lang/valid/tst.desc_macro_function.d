/* A macro argument supplies the function field of a description. */
syscall::$1:entry
{
    @lt_n = count();
}
