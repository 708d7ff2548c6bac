/*
 * procsched.d: the values the proc and sched providers compute from their tracepoints'
 * arguments, each a translator with one member (the provider reads that member).
 */
#pragma D depends_on library sched.d
#pragma D depends_on library task_compat.d

/*
 * proc:::exec's args[0]: the path given to execve (its first argument) or to execveat (322 on
 * x86-64: its second), from the caller's saved registers.
 */
struct __proc_exec {
	string	path;
};

translator struct __proc_exec < struct pt_regs *R > {
	path = R->orig_ax == 322 ? copyinstr(R->si) : copyinstr(R->di);
};

/* proc:::exec-failure's args[0]: the errno of execve's return value. */
struct __proc_errno {
	int	err;
};

translator struct __proc_errno < long R > {
	err = -R;
};

/* proc:::exit's args[0]: how the process ended, from the exiting task's exit code. */
inline int CLD_EXITED = 1;
inline int CLD_KILLED = 2;
inline int CLD_DUMPED = 3;

struct __proc_exit {
	int	reason;
};

translator struct __proc_exit < struct task_struct *T > {
	reason = (T->exit_code & 0x7f) == 0 ? CLD_EXITED :
	    (T->exit_code & 0x80) ? CLD_DUMPED : CLD_KILLED;
};

/* proc:::signal-handle's args[2]: the handler of the action being taken. */
struct __proc_sigaction {
	uintptr_t	handler;
};

translator struct __proc_sigaction < struct k_sigaction *A > {
	handler = (uintptr_t)A->sa.sa_handler;
};

/*
 * sched:::change-pri's args[2]: the priority rt_mutex_setprio is about to give the task (its
 * pi_top_task is already the new donor, if any).
 */
struct __sched_newpri {
	int	pri;
};

translator struct __sched_newpri < struct task_struct *T > {
	pri = T->pi_top_task != NULL && T->pi_top_task->prio < T->normal_prio ?
	    T->pi_top_task->prio : T->normal_prio;
};

/* sched:::enqueue's args[2]: the CPU whose run queue the task joins. */
translator cpuinfo_t < struct task_struct *T > {
	cpu_id = xlate <struct __task_compat> (T).tc_cpu;
	cpu_pset = -1;
	cpu_chip = 0;
	cpu_lgrp = 0;
};
