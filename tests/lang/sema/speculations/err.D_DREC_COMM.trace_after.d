/* Nothing may be recorded after commit(). */
BEGIN
{
	commit(1);
	trace(1);
}
