/* setopt("aggsortpos", "1") makes the next joined printa() sort on its second aggregation. */
#pragma D option quiet

BEGIN
{
	@a["p"] = sum(1);
	@a["q"] = sum(2);
	@b["p"] = sum(20);
	@b["q"] = sum(10);
	printa("%s %@d %@d\n", @a, @b);
	setopt("aggsortpos", "1");
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}
