# fork, exec and exit of one child, in order, filtered by progenyof().
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc exec /bin/true" -n 'proc:::create /pid == $target/ { printf("create\n"); } proc:::exec-success /progenyof($target) && pid != $target/ { printf("exec-success %s\n", execname); } proc:::exit /progenyof($target) && pid != $target/ { printf("exit %d\n", args[0]); }'
