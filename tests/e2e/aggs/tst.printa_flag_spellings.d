/* The '@' flag may stand anywhere among the flags and width: %@8d, %8@d, %-8@d, %@-8d, %@08d. */
#pragma D option quiet

BEGIN
{
	@c = sum(42);
	printa("[%@d]\n[%@8d]\n[%8@d]\n[%-8@d]\n[%@-8d]\n[%@08d]\n", @c);
	exit(0);
}
