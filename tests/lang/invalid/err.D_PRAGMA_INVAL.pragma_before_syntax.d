/* A control line is processed when the lexer reaches it. */
BEGIN
{
    exit(0);
}

#pragma D nonsense

END
{
    lt_x = ;
}
