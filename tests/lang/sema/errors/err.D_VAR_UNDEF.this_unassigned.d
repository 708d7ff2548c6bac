/* Reading a clause-local variable before any assignment to it. */
#pragma D option quiet

BEGIN
{
	x = this->lt_v;
}
