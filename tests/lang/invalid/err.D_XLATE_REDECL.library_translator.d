/* procfs.d already translates a task_struct into lwpsinfo_t. */
translator lwpsinfo_t < struct task_struct *lt_t > {
    pr_lwpid = lt_t->pid;
};
