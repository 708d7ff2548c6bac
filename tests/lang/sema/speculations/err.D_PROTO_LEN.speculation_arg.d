/* speculation() takes no argument. */
BEGIN
{
	lt_s = speculation(1);
}
