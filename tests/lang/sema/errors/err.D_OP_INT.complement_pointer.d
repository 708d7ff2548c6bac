/* ~ needs an integer operand. */
#pragma D option quiet

BEGIN
{
	x = ~curthread;
}
