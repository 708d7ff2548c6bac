/* A backslash not followed by a newline is not a token. */
BEGIN
{
    lt_x = 1 \ 2;
}
