/* min() and max() of positive, negative, mixed and zero values, each key sorted by its value. */
#pragma D option quiet

BEGIN
{
	@lo["pos"] = min(7);
	@lo["pos"] = min(3);
	@lo["pos"] = min(12);
	@lo["neg"] = min(-1);
	@lo["neg"] = min(-9);
	@lo["neg"] = min(-4);
	@lo["mixed"] = min(5);
	@lo["mixed"] = min(-2);
	@lo["zero"] = min(0);
	@hi["pos"] = max(7);
	@hi["pos"] = max(3);
	@hi["pos"] = max(12);
	@hi["neg"] = max(-1);
	@hi["neg"] = max(-9);
	@hi["neg"] = max(-4);
	@hi["mixed"] = max(5);
	@hi["mixed"] = max(-2);
	@hi["zero"] = max(0);
	exit(0);
}
