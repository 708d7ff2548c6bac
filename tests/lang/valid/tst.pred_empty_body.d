/* A predicate followed by an empty body. */
BEGIN
/timestamp != 0/
{
}
