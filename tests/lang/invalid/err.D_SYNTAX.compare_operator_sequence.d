/* Two relational operators in a row inside a predicate. */
syscall::read:entry
/arg0 < != 3/
{
}
