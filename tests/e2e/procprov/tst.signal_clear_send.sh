# The signal the program sends itself: signal-send at kill(), signal-clear at sigwait().
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc sigwait" -n 'proc:::signal-send /pid == $target/ { printf("send %d %d\n", args[2], args[1]->pr_pid == $target); } proc:::signal-clear /pid == $target/ { printf("clear %d\n", args[0]); }'
