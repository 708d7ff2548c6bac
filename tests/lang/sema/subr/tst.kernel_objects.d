/* The lock and device subroutines type-check as DTrace declares them. */
BEGIN
{
	lt_major = getmajor(0x1234567);
	lt_minor = getminor(0x1234567);
	lt_owned = mutex_owned((struct mutex *)0);
	lt_owner = mutex_owner((struct mutex *)0);
	lt_adaptive = mutex_type_adaptive((struct mutex *)0);
	lt_spin = mutex_type_spin((struct mutex *)0);
	lt_rd = rw_read_held((struct qrwlock *)0);
	lt_wr = rw_write_held((struct qrwlock *)0);
	lt_iswr = rw_iswriter((struct qrwlock *)0);
	lt_same = lt_owner == curthread;
}
