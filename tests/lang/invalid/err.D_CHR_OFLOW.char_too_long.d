/* A character constant holds at most eight characters. */
BEGIN
{
    lt_c = 'abcdefghi';
}
