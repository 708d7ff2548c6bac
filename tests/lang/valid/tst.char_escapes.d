/* Character constants with every single-character escape. */
BEGIN
{
    lt_v = '\a' + '\b' + '\f' + '\n' + '\r' + '\t' + '\v';
    lt_w = '\\' + '\'' + '\"' + '\?' + '\0';
    trace(lt_v + lt_w);
}
