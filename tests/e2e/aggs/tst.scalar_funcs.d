/* sum, min, max and avg without keys; each printed alone in the value column. */
#pragma D option quiet
BEGIN
{
	@s = sum(5); @s = sum(-2); @s = sum(40);
	@mn = min(7); @mn = min(-3); @mn = min(12);
	@mx = max(7); @mx = max(-3); @mx = max(12);
	@a = avg(1); @a = avg(2); @a = avg(6);
	exit(0);
}
