/* The smallest useful program: one clause with an empty body. */
BEGIN
{
}
