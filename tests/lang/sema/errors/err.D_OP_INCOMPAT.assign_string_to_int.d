/* A variable keeps the type of its first assignment. */
#pragma D option quiet

BEGIN
{
	x = 1;
	x = "one";
}
