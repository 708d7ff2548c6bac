# proc:::exit in a child killed by SIGTERM: args[0] is CLD_KILLED.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc kill" -n 'proc:::exit /progenyof($target) && pid != $target/ { printf("%d %d\n", args[0], args[0] == CLD_KILLED); }'
