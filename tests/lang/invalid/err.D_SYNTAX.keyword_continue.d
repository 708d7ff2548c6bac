/* continue is reserved. */
BEGIN
{
    continue;
}
