/* progenyof() takes a pid_t. */
#pragma D option quiet

BEGIN
{
	x = progenyof("1");
}
