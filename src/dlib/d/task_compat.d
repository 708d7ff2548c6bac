/*
 * task_compat.d: the task_struct fields whose names changed between kernels, behind one
 * translator the other files use. This file serves kernels before 5.14; 5.14/ and 5.16/ hold
 * the later versions (the library keeps the highest version not above the running kernel).
 */
struct __task_compat {
	long	tc_state;	/* the scheduler state: 0 runnable, TASK_* bits otherwise */
	int	tc_cpu;		/* the CPU the task runs or last ran on */
};

translator struct __task_compat < struct task_struct *T > {
	tc_state = T->state;
	tc_cpu = T->cpu;
};
