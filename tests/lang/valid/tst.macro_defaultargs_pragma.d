/* defaultargs set by a pragma before the references. */
#pragma D option defaultargs

BEGIN
{
    lt_n = $2;
    lt_s = $$5;
    trace(lt_n);
    trace(lt_s);
}
