/* $$2 with only one operand given. */
BEGIN
{
    trace($$1);
    trace($$2);
}
