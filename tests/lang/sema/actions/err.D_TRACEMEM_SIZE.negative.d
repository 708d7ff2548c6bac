/* tracemem() needs a positive constant size. */
BEGIN
{
	tracemem(curthread, -1);
}
