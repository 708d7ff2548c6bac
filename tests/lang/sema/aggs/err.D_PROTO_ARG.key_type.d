/* A key's type must match the type of the key in the first use. */
BEGIN
{
	@a["x"] = count();
	@a[1] = count();
}
