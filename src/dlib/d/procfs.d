/*
 * procfs.d: psinfo_t and lwpsinfo_t, the process and thread views of DTrace's proc provider,
 * translated from Linux's task_struct: curpsinfo and curlwpsinfo describe the current thread.
 */
#pragma D depends_on library task_compat.d

inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

inline char SSLEEP = 1;		/* pr_state values */
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

typedef struct psinfo {
	int		pr_flag;	/* the leader's task flags (PF_*) */
	int		pr_nlwp;	/* threads */
	pid_t		pr_pid;
	pid_t		pr_ppid;
	pid_t		pr_pgid;
	pid_t		pr_sid;
	uid_t		pr_uid;
	uid_t		pr_euid;
	gid_t		pr_gid;
	gid_t		pr_egid;
	uintptr_t	pr_addr;	/* the task_struct it was translated from */
	uint64_t	pr_start;	/* start time, ns since boot */
	char		pr_fname[16];	/* the command name (comm) */
	char		pr_psargs[80];	/* the command line, arguments separated by spaces */
	uintptr_t	pr_argv;	/* where the arguments are in the process */
	uintptr_t	pr_envp;	/* where the environment is */
	char		pr_dmodel;	/* PR_MODEL_ILP32 or PR_MODEL_LP64 */
	taskid_t	pr_taskid;
	projid_t	pr_projid;
	zoneid_t	pr_zoneid;
} psinfo_t;

typedef struct lwpsinfo {
	int		pr_flag;	/* the task flags (PF_*) */
	id_t		pr_lwpid;	/* the thread id (tid) */
	uintptr_t	pr_addr;	/* the task_struct */
	uintptr_t	pr_wchan;
	char		pr_stype;
	char		pr_state;	/* SSLEEP, SRUN, SZOMB, SSTOP or SONPROC */
	char		pr_sname;	/* 'S', 'R', 'Z', 'T' or 'O' */
	char		pr_nice;
	short		pr_syscall;
	int		pr_pri;		/* the kernel's priority (prio) */
	char		pr_clname[8];	/* the scheduling class */
	char		pr_name[16];	/* the thread's name (comm) */
	processorid_t	pr_onpro;	/* the CPU it runs or last ran on */
	processorid_t	pr_bindpro;
	int		pr_bindpset;
	uint64_t	pr_start;	/* start time, ns since boot */
} lwpsinfo_t;

/*
 * pr_psargs reads the arguments from the process's memory, which BPF can read for the current
 * process only: its own threads, and a process whose arguments lie where the current one's do
 * (a child it forked, whose memory is a copy of its own until it executes another program).
 * Other processes (and kernel threads, which have no arguments) get their name.
 */
translator psinfo_t < struct task_struct *T > {
	pr_flag = T->group_leader->flags;
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[2]->numbers[0].nr;
	pr_sid = T->signal->pids[3]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;  /* as both DTraces give it: the translated task itself */
	pr_start = T->group_leader->start_time;
	pr_fname = T->group_leader->comm;
	pr_psargs = T->mm != NULL && curthread->mm != NULL && (T->mm == curthread->mm ||
	    (T->mm->arg_start == curthread->mm->arg_start && T->mm->arg_end == curthread->mm->arg_end)) ?
	    __psargs(T->mm->arg_start, T->mm->arg_end) : stringof(T->group_leader->comm);
	pr_argv = T->mm != NULL ? T->mm->arg_start : 0;
	pr_envp = T->mm != NULL ? T->mm->env_start : 0;
	pr_dmodel = PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_zoneid = 0;
};

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->flags;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = T->exit_state & 0x20 ? SZOMB :
	    xlate <struct __task_compat> (T).tc_state == 0 ? (T->on_cpu ? SONPROC : SRUN) :
	    xlate <struct __task_compat> (T).tc_state & 0xc ? SSTOP : SSLEEP;
	pr_sname = T->exit_state & 0x20 ? 'Z' :
	    xlate <struct __task_compat> (T).tc_state == 0 ? (T->on_cpu ? 'O' : 'R') :
	    xlate <struct __task_compat> (T).tc_state & 0xc ? 'T' : 'S';
	pr_nice = T->static_prio - 120;
	pr_syscall = 0;
	pr_pri = T->prio;
	pr_clname = T->policy == 1 || T->policy == 2 ? "RT" : T->policy == 6 ? "DL" : "TS";
	pr_name = T->comm;
	pr_onpro = xlate <struct __task_compat> (T).tc_cpu;
	pr_bindpro = -1;
	pr_bindpset = -1;
	pr_start = T->start_time;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);
