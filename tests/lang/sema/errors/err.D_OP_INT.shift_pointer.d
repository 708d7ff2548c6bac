/* << needs integer operands. */
#pragma D option quiet

BEGIN
{
	x = curthread << 1;
}
