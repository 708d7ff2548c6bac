/* Buckets up to factor^(high+2) are computed: 100^11 does not fit in 64 bits. */
BEGIN
{
	@ = llquantize(1, 100, 0, 9, 100);
}
