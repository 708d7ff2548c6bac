/* $$name gives the value of a macro variable as a string. */
BEGIN
{
    trace($$pid);
    trace($$uid);
    trace($$target);
    lt_s = strjoin($$ppid, "-");
    trace(lt_s);
}
