/*
 * task_compat.d for 5.16 and later: the CPU moved into thread_info (5.16).
 */
struct __task_compat {
	long	tc_state;
	int	tc_cpu;
};

translator struct __task_compat < struct task_struct *T > {
	tc_state = T->__state;
	tc_cpu = T->thread_info.cpu;
};
