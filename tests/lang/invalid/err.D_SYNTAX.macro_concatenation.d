/* Outside descriptions a macro variable is a token of its own. */
BEGIN
{
    lt_x = 100$pid;
}
