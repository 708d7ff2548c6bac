/* Global scalar variables of integer and string type. */
BEGIN
{
    lt_count = 0;
    lt_name = "start";
}

tick-1s
{
    lt_count++;
    lt_name = "tick";
}

END
{
    printf("%d %s\n", lt_count, lt_name);
}
