/* Only the last operand must be referenced; an unused earlier one is fine. */
BEGIN
{
    trace($$2);
}
