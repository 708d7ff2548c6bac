/* trace() of 8-byte integers: width 16, printed as signed even when unsigned. */
BEGIN
{
	trace(-1L);
	trace(0xffffffffffffffffUL);
	trace(1234567890123L);
	exit(0);
}
