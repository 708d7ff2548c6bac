/* mutex_type_spin() takes one argument. */
BEGIN
{
	lt_x = mutex_type_spin();
}
