/* An operand that looks like an identifier becomes an identifier token. */
BEGIN
{
    lt_var = 5;
    trace($1 + 1);
}
