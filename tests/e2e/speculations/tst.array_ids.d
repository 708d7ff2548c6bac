/* Ids kept in an associative array, one speculation per key; each key's records are
 * committed or discarded on their own. */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	lt_spec["keep"] = speculation();
	lt_spec["drop"] = speculation();
}

BEGIN
{
	speculate(lt_spec["drop"]);
	printf("dropped\n");
}

BEGIN
{
	speculate(lt_spec["keep"]);
	printf("kept, id %d\n", lt_spec["keep"]);
}

BEGIN
{
	discard(lt_spec["drop"]);
	commit(lt_spec["keep"]);
}

BEGIN
{
	exit(0);
}
