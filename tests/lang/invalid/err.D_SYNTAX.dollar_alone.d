/* A '$' that starts no macro reference. */
BEGIN
{
    lt_x = $;
}
