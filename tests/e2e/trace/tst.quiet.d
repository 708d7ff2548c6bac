/* In quiet mode trace() prints the bare values with no separators. */
#pragma D option quiet

BEGIN
{
	trace((int8_t)-1);
	trace(",");
	trace((int16_t)-1);
	trace(",");
	trace((int32_t)-1);
	trace(",");
	trace(-1L);
	trace(",");
	trace("str");
	trace(",");
	trace(curthread->comm);
	exit(0);
}
