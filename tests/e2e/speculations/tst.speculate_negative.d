/* speculate() of an id beyond nspec drops the clause silently: no error is reported. */
BEGIN
{
	speculate(-1);
}

BEGIN
{
	exit(0);
}
