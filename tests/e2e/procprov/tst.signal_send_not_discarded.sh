# proc:::signal-send does not fire for an ignored signal.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc ignore" -n 'proc:::signal-send /pid == $target && args[2] == SIGUSR2/ { lt_n++; } END { printf("%d\n", lt_n); }'
