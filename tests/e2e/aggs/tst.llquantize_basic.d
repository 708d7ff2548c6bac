/* llquantize(): below the factor one bucket per value, then linear steps within each power of
 * the factor; the rows run from one bucket before the data to one after it. */
#pragma D option quiet
BEGIN
{
	@ = llquantize(1, 10, 0, 2, 10);
	@ = llquantize(3, 10, 0, 2, 10);
	@ = llquantize(3, 10, 0, 2, 10);
	@ = llquantize(15, 10, 0, 2, 10);
	@ = llquantize(42, 10, 0, 2, 10);
	@ = llquantize(250, 10, 0, 2, 10);
	exit(0);
}
