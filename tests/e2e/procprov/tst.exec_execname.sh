# proc:::exec-success fires in the new image: execname and pr_fname are the new program's.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc exec /bin/true hi" -n 'proc:::exec-success /progenyof($target) && pid != $target/ { printf("%s %s %d\n", execname, curpsinfo->pr_fname, ppid == $target); }'
