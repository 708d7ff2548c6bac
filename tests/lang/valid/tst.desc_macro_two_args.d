/* Two macro arguments in two fields of one description. */
syscall::$1:$2
{
    @lt_n = count();
}
