/* psinfo_t has no pr_lwp here: the library's translator defines no conversion for it. */
BEGIN
{
	trace(curpsinfo->pr_lwp);
}
