/* Without -w, raise() makes the enabling fail: nothing runs, no signal is sent. */
BEGIN
{
	raise(9);
}
