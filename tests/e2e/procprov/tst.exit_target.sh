# proc:::exit fires in the exiting process: execname and pid are the target's.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'proc:::exit /pid == $target/ { printf("%s %d\n", execname, args[0]); }'
