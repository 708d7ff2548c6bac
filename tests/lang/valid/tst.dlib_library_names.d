/* The D system library's types, inlines and translators are known to every program. */
#pragma D option quiet

psinfo_t lt_ps;
lwpsinfo_t *lt_lwp;
int lt_errs[ENOENT + 1];

struct lt_out {
    int lt_v;
};

translator struct lt_out < psinfo_t *lt_p > {
    lt_v = lt_p->pr_pid;
};

inline int lt_sig = SIGUSR1 + SIGRTMIN;

BEGIN
{
    trace(sizeof (cpuinfo_t) + sizeof (fileinfo_t) + sizeof (bufinfo_t) + sizeof (devinfo_t));
    trace(xlate <psinfo_t *> (curthread)->pr_pid);
    trace(curlwpsinfo->pr_lwpid + curcpu->cpu_id);
    trace(fds[0].fi_name);
    trace(EPERM + lt_sig);
}
