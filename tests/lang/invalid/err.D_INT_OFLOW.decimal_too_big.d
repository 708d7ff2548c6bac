/* A decimal constant larger than 2^64-1. */
BEGIN
{
    lt_x = 18446744073709551616;
}
