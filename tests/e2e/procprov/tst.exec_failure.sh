# proc:::exec-failure: execve of a missing file fails with ENOENT, in the child that tried.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc exec /lt_no/such/file" -n 'proc:::exec-failure /progenyof($target)/ { printf("%d %d %d\n", args[0], args[0] == ENOENT, ppid == $target); }'
