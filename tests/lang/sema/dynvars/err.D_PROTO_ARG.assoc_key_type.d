/* A key of another type than the first use's. */
BEGIN
{
	lt_a[1] = 3;
	lt_a["one"] = 4;
}
