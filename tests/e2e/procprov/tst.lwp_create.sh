# proc:::lwp-create: args[0] the new thread's lwpsinfo_t, args[1] its process's psinfo_t.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc thread" -n 'proc:::lwp-create /pid == $target/ { printf("%d %d %d %s\n", args[0]->pr_lwpid != $target, args[1]->pr_pid == $target, args[1]->pr_ppid == ppid, args[1]->pr_fname); }'
