# proc:::exec fires in the process about to exec, before the new image: args[0] is the path.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc exec /bin/true a b" -n 'proc:::exec /progenyof($target)/ { printf("%s %s %d\n", execname, args[0], ppid == $target); } proc:::exec-success /progenyof($target)/ { printf("%s\n", execname); }'
