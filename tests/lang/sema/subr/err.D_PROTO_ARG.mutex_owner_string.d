/* mutex_owner() takes a struct mutex pointer, not a string. */
BEGIN
{
	lt_x = mutex_owner("lt_lock");
}
