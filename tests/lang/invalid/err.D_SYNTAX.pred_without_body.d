/* A predicate must be followed by a body. */
BEGIN
{
}

END /1/
