/* Options and operands may be interleaved on the command line. */
BEGIN
{
    trace($1);
    trace($2);
}
