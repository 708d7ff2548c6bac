/* A joined printa() of aggregations without entries prints nothing but the blank line of the
 * format-less form; they are still printed at exit if they get entries (here they do not). */
#pragma D option quiet

BEGIN
/0/
{
	@a["x"] = sum(1);
	@b["x"] = sum(1);
}

BEGIN
{
	printa(@a, @b);
	printa("%s %@d %@d\n", @a, @b);
	@c = count();
	exit(0);
}
