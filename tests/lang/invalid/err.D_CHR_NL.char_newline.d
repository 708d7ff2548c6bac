/* A character constant may not contain a newline. */
BEGIN
{
    lt_c = 'a
';
}
