/* ... so a syntax error earlier in the file wins. */
BEGIN
{
    lt_x = ;
}

#pragma D nonsense
