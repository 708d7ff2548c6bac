/* The library already translates a task_struct into psinfo_t. */
translator psinfo_t < struct task_struct *T > {
	pr_pid = T->tgid;
};
