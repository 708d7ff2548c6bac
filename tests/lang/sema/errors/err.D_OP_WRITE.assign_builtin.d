/* Built-in variables are read-only. */
#pragma D option quiet

BEGIN
{
	pid = 1;
}
