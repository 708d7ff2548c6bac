/* Values compare signed: a negative sum comes before zero and the positive ones. */
#pragma D option quiet

BEGIN
{
	@s["pos"] = sum(3);
	@s["neg"] = sum(-5);
	@s["zero"] = sum(0);
	@s["big"] = sum(1000);
	exit(0);
}
