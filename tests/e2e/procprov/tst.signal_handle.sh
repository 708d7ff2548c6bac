# proc:::signal-handle: args[0] the signal, args[1] its siginfo, args[2] the handler.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc handle" -n 'proc:::signal-handle /pid == $target/ { printf("%d %d %d\n", args[0], args[1]->si_signo, args[2] != 0); }'
