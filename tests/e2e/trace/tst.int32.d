/* trace() of 4-byte integers: width 8, printed as signed. */
BEGIN
{
	trace((int32_t)-1);
	trace((uint32_t)4294967295);
	trace(123456);
	exit(0);
}
