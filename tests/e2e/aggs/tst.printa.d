/* printa(@a) prints the aggregation now, after a blank line; printa(fmt, @a) formats each row
 * with the keys as arguments and %@ as the value. A printed aggregation is not printed again at exit. */
#pragma D option quiet

BEGIN
{
	@c["x"] = count();
	@c["y"] = count();
	@c["y"] = count();
	printa(@c);
	printa("%s has %@d\n", @c);
	@other = sum(3);
	exit(0);
}
