/* break is reserved. */
BEGIN
{
    break;
}
