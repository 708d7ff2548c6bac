/* goto is reserved. */
BEGIN
{
    goto lt_out;
}
