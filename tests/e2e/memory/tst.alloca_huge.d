/* More memory than scratch space holds: "out of scratch space", whatever the size. */
#pragma D option quiet

BEGIN
{
	x = alloca(0x10000000000);
}

BEGIN
{
	y = alloca(-1);
}

BEGIN
{
	exit(0);
}
