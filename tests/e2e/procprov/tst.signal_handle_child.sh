# proc:::signal-handle fires in the thread that takes the signal: the child.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc child" -n 'proc:::signal-handle /progenyof($target) && pid != $target/ { printf("%d %d\n", args[0], ppid == $target); }'
