# proc:::signal-send for raise(SIGUSR1): args[2] the signal, args[0]/args[1] the receiver.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc handle" -n 'proc:::signal-send /pid == $target/ { printf("%d %d %d\n", args[2], args[1]->pr_pid == $target, args[0]->pr_lwpid == $target); }'
