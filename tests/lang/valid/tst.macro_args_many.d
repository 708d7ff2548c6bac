/* Several operands used in different ways. */
BEGIN
{
    trace($1);
    trace($$2);
    trace($3 * 2);
    trace($$4);
}
