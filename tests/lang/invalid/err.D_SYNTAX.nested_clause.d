/* A clause cannot contain another clause. */
BEGIN
{
    END
    {
    }
}
