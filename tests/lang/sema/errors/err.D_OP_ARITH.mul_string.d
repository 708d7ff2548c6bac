/* * needs arithmetic operands. */
#pragma D option quiet

BEGIN
{
	x = "abc" * 2;
}
