/* setopt("aggsortrev") reverses the printa() calls that follow; an empty value unsets it. */
#pragma D option quiet

BEGIN
{
	@c["a"] = sum(1);
	@c["b"] = sum(2);
	@c["c"] = sum(3);
	printa("%s %@d\n", @c);
	setopt("aggsortrev");
	printa("%s %@d\n", @c);
	setopt("aggsortrev", "");
	printa("%s %@d\n", @c);
	exit(0);
}
