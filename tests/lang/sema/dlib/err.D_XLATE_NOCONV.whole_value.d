/* A translated value is used through its members: bdtrace does not build the whole struct. */
BEGIN
{
	trace(curpsinfo);
}
