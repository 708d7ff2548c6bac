/*
 * task_compat.d for 5.14 and later: task_struct's state became __state (5.14).
 */
struct __task_compat {
	long	tc_state;
	int	tc_cpu;
};

translator struct __task_compat < struct task_struct *T > {
	tc_state = T->__state;
	tc_cpu = T->cpu;
};
