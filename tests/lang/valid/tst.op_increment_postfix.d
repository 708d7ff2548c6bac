/* Postfix increment and decrement, including on undeclared variables. */
BEGIN
{
    lt_i++;
    lt_i--;
    lt_k = lt_i++;
    trace(lt_k--);
    self->lt_depth++;
    @lt_c = count();
}
