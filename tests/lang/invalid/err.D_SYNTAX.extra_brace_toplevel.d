/* An extra closing brace after a complete clause. */
BEGIN
{
    exit(0);
}
}
