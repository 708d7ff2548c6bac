# proc:::exec fires for an attempt that fails too (the path does not exist); exec-success does not.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc exec /lt_no/such/file" -n 'proc:::exec /progenyof($target)/ { printf("exec %s\n", args[0]); } proc:::exec-success /progenyof($target) && pid != $target/ { printf("exec-success\n"); } proc:::exit /progenyof($target) && pid != $target/ { printf("exit %d\n", args[0]); }'
