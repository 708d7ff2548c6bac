/* probe is only valid inside a provider definition. */
BEGIN
{
    probe lt_p;
}
