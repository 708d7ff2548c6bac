# sched:::tick fires for the thread the clock tick interrupts: a spinning target gets ticks,
# in its own context, args[0]/args[1] its lwpsinfo_t and psinfo_t. dtrace ends the spinner.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc spin" -n 'sched:::tick /pid == $target && !lt_done/ { lt_done = 1; printf("ticked %s %d %d %d\n", execname, args[1]->pr_pid == pid, args[0]->pr_lwpid == tid, curpsinfo->pr_pid == $target); exit(0); }'
