# proc:::lwp-exit fires in each exiting thread: the created thread, then the main one.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc thread" -n 'proc:::lwp-exit /pid == $target/ { printf("%d\n", tid == $target); }'
