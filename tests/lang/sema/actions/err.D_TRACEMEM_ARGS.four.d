/* tracemem() takes at most three arguments. */
BEGIN
{
	tracemem(curthread, 8, 4, 1);
}
