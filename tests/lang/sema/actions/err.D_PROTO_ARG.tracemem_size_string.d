/* tracemem()'s size is a size_t. */
BEGIN
{
	tracemem(curthread, "8");
}
