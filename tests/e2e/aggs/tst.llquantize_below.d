/* llquantize(): values below factor^low share bucket 0, labelled "< factor^low". */
#pragma D option quiet
BEGIN
{
	@ = llquantize(0, 10, 2, 4, 10);
	@ = llquantize(5, 10, 2, 4, 10);
	@ = llquantize(99, 10, 2, 4, 10);
	@ = llquantize(100, 10, 2, 4, 10);
	@ = llquantize(150, 10, 2, 4, 10);
	@ = llquantize(12000, 10, 2, 4, 10);
	exit(0);
}
