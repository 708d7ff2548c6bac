/* %f needs a floating-point value. */
#pragma D option quiet

BEGIN
{
	printf("%f\n", 1);
}
