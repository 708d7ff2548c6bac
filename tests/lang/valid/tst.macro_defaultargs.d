/* With -x defaultargs, missing $n is 0 and missing $$n is "". */
BEGIN
{
    trace($1);
    trace($$2);
    trace($3 + 1);
}
