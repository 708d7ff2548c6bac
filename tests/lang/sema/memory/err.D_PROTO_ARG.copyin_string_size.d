/* copyin()'s size is a size_t. */
#pragma D option quiet

BEGIN
{
	x = copyin(arg0, "4");
}
