/* $$1 always yields a string, even for a numeric operand. */
BEGIN
{
    lt_s = $$1;
    trace(strjoin(lt_s, $$2));
}
