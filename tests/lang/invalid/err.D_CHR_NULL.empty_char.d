/* A character constant needs at least one character. */
BEGIN
{
    lt_c = '';
}
