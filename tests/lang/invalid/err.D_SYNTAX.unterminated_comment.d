/* The last comment is never closed. */
BEGIN
{
    exit(0);
}
/* trailing comment without an end
