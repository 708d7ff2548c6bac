/* tracemem with a constant size. */
BEGIN
{
    tracemem(curthread, 32);
}
