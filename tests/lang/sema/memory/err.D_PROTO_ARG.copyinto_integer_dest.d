/* copyinto()'s destination is a void *. */
#pragma D option quiet

BEGIN
{
	copyinto(arg0, 4, arg1);
}
