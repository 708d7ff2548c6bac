# proc:::create does not fire for a new thread.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc thread" -n 'proc:::create /pid == $target/ { lt_n++; } END { printf("%d\n", lt_n); }'
