# Two threads of the target spin on one CPU: the clock tick tells the running one to give the
# CPU up (sched:::surrender in its own context, args[] its lwpsinfo_t and psinfo_t).
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc spin2" -n 'sched:::surrender /pid == $target && args[1]->pr_pid == $target/ { printf("%s %d %d\n", execname, args[0]->pr_lwpid == tid, curpsinfo->pr_pid == $target); exit(0); }'
