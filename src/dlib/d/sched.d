/*
 * sched.d: cpuinfo_t, DTrace's view of a CPU, and curcpu, the CPU the probe fires on.
 */
typedef struct cpuinfo {
	processorid_t	cpu_id;
	int		cpu_pset;	/* processor set: none on Linux (-1) */
	int		cpu_chip;	/* not read from the topology yet: 0 */
	int		cpu_lgrp;	/* locality group: 0 */
} cpuinfo_t;

translator cpuinfo_t < processorid_t C > {
	cpu_id = C;
	cpu_pset = -1;
	cpu_chip = 0;
	cpu_lgrp = 0;
};

inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> (cpu);
