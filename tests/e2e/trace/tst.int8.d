/* trace() of 1-byte integers: width 3, printed as unsigned. */
BEGIN
{
	trace((int8_t)-1);
	trace((uint8_t)200);
	trace((char)7);
	exit(0);
}
