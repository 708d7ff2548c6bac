/* copyinstr() takes a uintptr_t: a pointer must be cast. */
#pragma D option quiet

BEGIN
{
	x = copyinstr((char *)arg0);
}
