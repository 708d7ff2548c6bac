/* A large increment: the count overflows its 9-column field and a count of 1 next to it gets no '@'. */
#pragma D option quiet

BEGIN
{
	@q = quantize(1, 1000000000000);
	@q = quantize(2, 1);
	exit(0);
}
