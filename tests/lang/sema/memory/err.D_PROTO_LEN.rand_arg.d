/* rand() takes no argument. */
#pragma D option quiet

BEGIN
{
	x = rand(1);
}
