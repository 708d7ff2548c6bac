/* Globs may appear in every field, including the provider. */
dtrace:*:*:BEGIN
{
    lt_a = 1;
}

*:::END
{
    trace(lt_a);
}

dt*:::BEGIN
{
    exit(0);
}
