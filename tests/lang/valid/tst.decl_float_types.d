/* Floating-point types may be declared (but D does no arithmetic on them). */
float lt_f;
double lt_d;
long double lt_ld;

BEGIN
{
    exit(0);
}
