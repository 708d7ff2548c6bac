/* normalize() takes two arguments; DTrace says "args" even for one. */
#pragma D option quiet

BEGIN
{
	@a = count();
	normalize(@a);
}
