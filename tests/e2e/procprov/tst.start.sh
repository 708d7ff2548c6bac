# proc:::start fires in the new process, at its first switch in: curpsinfo is the child's.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'proc:::start /progenyof($target)/ { printf("%s %d %d %d\n", execname, curpsinfo->pr_ppid == $target, tid == pid, pid != $target); }'
