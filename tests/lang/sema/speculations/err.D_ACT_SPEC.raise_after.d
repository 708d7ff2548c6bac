/* Destructive actions may not be speculative. */
#pragma D option destructive
BEGIN
{
	speculate(1);
	raise(9);
}
