/* -x aggpack with lquantize(): every bucket is printed, from "< base" to ">= limit". */
#pragma D option quiet
#pragma D option aggpack
#pragma D option encoding=ascii

BEGIN
{
	@[1] = lquantize(3, 0, 10, 2);
	@[1] = lquantize(3, 0, 10, 2);
	@[2] = lquantize(11, 0, 10, 2);
	@[2] = lquantize(-1, 0, 10, 2);
	exit(0);
}
