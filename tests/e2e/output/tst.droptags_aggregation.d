/* -x droptags names the kind of each drop: an aggregation too small for any entry. */
#pragma D option quiet
#pragma D option droptags
#pragma D option strsize=1024
#pragma D option aggsize=512

BEGIN
{
	@lt_s["alpha"] = sum(1);
	@lt_s["beta"] = sum(2);
	exit(0);
}
