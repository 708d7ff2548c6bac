# The classic: proc:::exec-success prints the command line of the new image (the -c command's child).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc exec /bin/true hello world" -n 'proc:::exec-success /progenyof($target) && pid != $target/ { trace(curpsinfo->pr_psargs); }'
