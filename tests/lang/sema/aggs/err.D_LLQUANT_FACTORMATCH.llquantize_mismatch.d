/* A second use must repeat the parameters; the first that differs (the factor, before the
 * steps) is reported. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 20);
	@ = llquantize(1, 2, 0, 6, 16);
}
