# proc:::signal-discard for an ignored SIGUSR2.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc ignore" -n 'proc:::signal-discard /pid == $target && args[2] == SIGUSR2/ { printf("%d %d %d\n", args[2], args[1]->pr_pid == $target, args[0]->pr_lwpid == tid); }'
