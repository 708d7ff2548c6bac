/* getminor() takes a dev_t, not a string. */
BEGIN
{
	lt_x = getminor("1");
}
