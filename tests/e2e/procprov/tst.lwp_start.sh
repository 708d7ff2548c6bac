# proc:::lwp-start fires in the new thread at its first switch in; proc:::start does not.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc thread" -n 'proc:::lwp-start /pid == $target/ { printf("lwp-start %d %d\n", tid != $target, curthread->pid == tid); } proc:::start /pid == $target/ { printf("start\n"); }'
