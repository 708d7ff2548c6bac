/* Several clauses for the same probe run in program order. */
BEGIN
{
    this->lt_v = 10;
}

BEGIN
{
    this->lt_v = this->lt_v + 1;
    trace(this->lt_v);
}

BEGIN
{
    exit(0);
}
