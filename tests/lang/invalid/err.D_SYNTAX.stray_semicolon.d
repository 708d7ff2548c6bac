/* A semicolon after a clause is not allowed. */
BEGIN
{
    exit(0);
};
