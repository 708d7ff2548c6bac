/* Hexadecimal and octal operands. */
BEGIN
{
    trace($1);
    trace($2);
}
