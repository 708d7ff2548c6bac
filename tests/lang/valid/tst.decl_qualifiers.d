/* Type qualifiers in declarations and casts. */
const int lt_ci;
volatile long lt_vl;
const volatile unsigned lt_cvu;

BEGIN
{
    this->lt_p = (const volatile char *)arg0;
    trace(this->lt_p);
}
