/* exit with a constant and with an expression. */
BEGIN
/0/
{
    exit(1);
}

BEGIN
{
    exit(1 - 1);
}
