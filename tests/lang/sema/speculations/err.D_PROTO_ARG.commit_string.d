/* commit() takes an int. */
BEGIN
{
	commit("one");
}
