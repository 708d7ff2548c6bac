/* A sort option given the value "0" is still set (DTrace tests it against "unset", not zero);
 * "no" unsets it. */
#pragma D option quiet

BEGIN
{
	@c["a"] = sum(1);
	@c["b"] = sum(2);
	setopt("aggsortrev", "0");
	printa("%s %@d\n", @c);
	setopt("aggsortrev", "no");
	printa("%s %@d\n", @c);
	exit(0);
}
