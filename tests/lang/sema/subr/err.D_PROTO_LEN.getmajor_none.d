/* getmajor() takes one dev_t. */
BEGIN
{
	lt_x = getmajor();
}
