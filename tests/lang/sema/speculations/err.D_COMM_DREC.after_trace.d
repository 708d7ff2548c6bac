/* commit() may not follow data-recording actions. */
BEGIN
{
	trace(1);
	commit(1);
}
