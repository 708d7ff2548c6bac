# proc:::start's ppid, pid and progenyof() are the new process's, not those of the thread
# sched_switch leaves (the parent, another process or the idle task).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'proc:::start /ppid == $target/ { printf("%d %d %d\n", progenyof($target), progenyof(pid), pid != $target); }'
