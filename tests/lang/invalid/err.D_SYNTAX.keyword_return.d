/* return is reserved. */
BEGIN
{
    return;
}
