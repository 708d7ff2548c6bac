/* rw_read_held() takes an rwlock_t pointer. */
BEGIN
{
	lt_x = rw_read_held(1);
}
