/* Modulo by a constant zero is caught when compiling. */
#pragma D option quiet

BEGIN
{
	x = 10 % 0;
}
