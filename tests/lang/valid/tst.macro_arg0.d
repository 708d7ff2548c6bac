/* $0 is the name of the script. */
BEGIN
{
    trace($0);
    trace($$0);
}
