/* An operand that looks like an integer becomes an integer token. */
BEGIN
{
    lt_n = $1 + 1;
    trace(lt_n);
}
