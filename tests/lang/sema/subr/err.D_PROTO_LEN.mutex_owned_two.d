/* mutex_owned() takes one struct mutex pointer. */
BEGIN
{
	lt_x = mutex_owned(0, 1);
}
