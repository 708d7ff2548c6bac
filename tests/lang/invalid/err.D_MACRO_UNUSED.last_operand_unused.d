/* Only the last operand is checked: $1 is used, $2 is not. */
BEGIN
{
    trace($1);
}
