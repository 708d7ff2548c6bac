/* A normalized count() in printa(): %@d and the format-less form both show the divided value. */
#pragma D option quiet

BEGIN
{
	@c["x"] = count();
	@c["x"] = count();
	@c["x"] = count();
	@c["x"] = count();
	@c["x"] = count();
	@c["x"] = count();
	@c["y"] = count();
	@c["y"] = count();
	@c["y"] = count();
	normalize(@c, 3);
	printa("%s %@d\n", @c);
	printa(@c);
	exit(0);
}
