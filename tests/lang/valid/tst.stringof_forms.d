/* stringof with and without parentheses. */
BEGIN
{
    lt_s = stringof(curthread->comm);
    lt_t = stringof curthread->comm;
    lt_u = stringof(probename);
    trace(lt_s);
    trace(lt_t);
    trace(lt_u);
}
