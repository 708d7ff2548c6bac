# Without frame pointers, after the process has exited: the program's frames still unwind (its file is read by its path once /proc/PID is gone).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_nofp" -n 'pid$target:a.out:lt_leaf:entry { ustack(4); }'
