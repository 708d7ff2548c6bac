/* llquantize()'s factor must be an integer constant. */
BEGIN
{
	lt_f = 10;
	@ = llquantize(1, lt_f, 0, 6, 20);
}
