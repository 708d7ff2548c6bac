# proc:::signal-clear fires in the thread whose sigwait() took the pending SIGUSR1.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc sigwait" -n 'proc:::signal-clear /pid == $target/ { printf("%d %s %d %d\n", args[0], execname, curpsinfo->pr_pid == $target, tid == $target); }'
