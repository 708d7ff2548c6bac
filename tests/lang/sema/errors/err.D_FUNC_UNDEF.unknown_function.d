/* Calling a function D does not have. */
#pragma D option quiet

BEGIN
{
	lt_nosuchfunc(1);
}
