/* A function call argument list may not end with a comma. */
BEGIN
{
    trace(1, );
}
