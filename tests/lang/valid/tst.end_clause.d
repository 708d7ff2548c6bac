/* BEGIN and END clauses together. */
BEGIN
{
    lt_start = timestamp;
}

END
{
    trace(timestamp - lt_start);
}
