/* Not even in an extern declaration naming a kernel symbol. */
extern int vmlinux`jiffies;
