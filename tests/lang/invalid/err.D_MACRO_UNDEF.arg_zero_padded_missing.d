/* The argument text is reported as written. */
BEGIN
{
    trace($01);
}
