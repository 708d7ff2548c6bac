# proc:::lwp-create does not fire for a new process.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'proc:::lwp-create /pid == $target/ { lt_n++; } END { printf("%d\n", lt_n); }'
