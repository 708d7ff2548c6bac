/* A statement cannot start with a binary operator. */
BEGIN
{
    * = 2;
}
