/* %e %E %f %g %G print float and double values (here zero-filled globals). */
#pragma D option quiet

double d;
float f;

BEGIN
{
	printf("%e %E %f %g %G\n", d, d, d, d, d);
	printf("%f %.2f %8.3f %e\n", f, f, d, f);
	exit(0);
}
