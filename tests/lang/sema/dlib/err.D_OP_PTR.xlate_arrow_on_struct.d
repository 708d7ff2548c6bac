/* xlate <T> gives a struct: -> needs xlate <T *>. */
BEGIN
{
	trace(xlate <psinfo_t> (curthread)->pr_pid);
}
