/* Surrounding double quotes of an operand are removed. */
BEGIN
{
    trace($1);
}
