/* A description that uses a missing macro argument. */
syscall::$1:entry
{
}
