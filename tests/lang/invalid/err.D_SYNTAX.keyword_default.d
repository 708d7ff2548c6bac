/* default is reserved. */
BEGIN
{
    default: trace(1);
}
