/* A negative normalized sum: %@d divides signed, while the exit print divides the 64-bit value
 * unsigned by the normal, as DTrace's dt_print_datum does. */
#pragma D option quiet

BEGIN
{
	@s["k"] = sum(-10);
	@t["k"] = sum(-10);
	normalize(@s, 2);
	normalize(@t, 2);
	printa("%s %@d\n", @s);
	exit(0);
}
