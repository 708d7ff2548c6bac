/* A macro argument with no operand on the command line. */
BEGIN
{
    trace($1);
}
