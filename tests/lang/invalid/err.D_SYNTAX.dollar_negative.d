/* Macro argument numbers cannot be negative. */
BEGIN
{
    trace($-1);
}
