/* commit() of an id beyond nspec is an illegal operation; the error names the action and no
 * DIF offset. */
BEGIN
{
	commit(-1);
}

BEGIN
{
	exit(0);
}
