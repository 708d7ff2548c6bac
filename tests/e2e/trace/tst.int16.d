/* trace() of 2-byte integers: width 5, printed as unsigned. */
BEGIN
{
	trace((int16_t)-1);
	trace((uint16_t)1234);
	trace((short)7);
	exit(0);
}
