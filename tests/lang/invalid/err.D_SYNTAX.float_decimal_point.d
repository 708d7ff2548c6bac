/* Floating-point constants are not part of D. */
BEGIN
{
    lt_x = 1.5;
}
