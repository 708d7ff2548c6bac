/* Descriptions for the proc and sched providers. */
proc:::exec-success
{
    trace(execname);
}

sched:::on-cpu
/pid == $pid/
{
    @lt_oncpu = count();
}
