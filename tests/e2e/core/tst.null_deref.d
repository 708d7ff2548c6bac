#pragma D option quiet
BEGIN { p = (struct task_struct *)0; printf("%d\n", p->pid); }
BEGIN { printf("went on\n"); exit(0); }
