/* Empty fields match anything; leading colons keep the field positions. */
:::BEGIN
{
    lt_x = 1;
}

:::END
{
    trace(lt_x);
}

syscall:::entry
/pid == $pid/
{
    @lt_sys[probefunc] = count();
}
