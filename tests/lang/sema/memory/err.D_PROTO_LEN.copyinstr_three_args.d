/* Too many arguments to a function with an optional one: DTrace still says "at least". */
#pragma D option quiet

BEGIN
{
	x = copyinstr(arg0, 1, 2);
}
