/* A character constant still open at the end of the file (no final newline). */
BEGIN
{
    lt_c = 'x