/* -x defaultargs does not apply inside probe descriptions. */
syscall::$2:entry
{
}
