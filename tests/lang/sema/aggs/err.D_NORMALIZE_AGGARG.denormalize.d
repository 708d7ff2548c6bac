/* denormalize() needs an aggregation too; the message names the function. */
#pragma D option quiet
int lt_x;

BEGIN
{
	denormalize(lt_x);
}
