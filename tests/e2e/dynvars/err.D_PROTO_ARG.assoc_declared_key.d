/* A key of another type than the declaration's. */
int lt_count[int];

BEGIN
{
	lt_count["one"] = 1;
}
