# proc:::exit in a child that exits with status 7: args[0] is CLD_EXITED, in the child's context.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 7" -n 'proc:::exit /progenyof($target) && pid != $target/ { printf("%d %d %d\n", args[0], args[0] == CLD_EXITED, ppid == $target); }'
