/* An operand that is neither an integer nor an identifier is a string. */
BEGIN
{
    lt_s = $1;
    trace(lt_s);
}
