/* A translator that defines only some members of its output type. */
struct lt_info {
    int lt_pid;
    int lt_tgid;
    int lt_unset;
};

translator struct lt_info < struct task_struct *lt_t > {
    lt_pid = lt_t->pid;
    lt_tgid = lt_t->tgid;
};

BEGIN
{
    trace(xlate <struct lt_info> (curthread).lt_pid);
    trace(xlate <struct lt_info *> (curthread)->lt_tgid);
}
