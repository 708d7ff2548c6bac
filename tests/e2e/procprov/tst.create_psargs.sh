# proc:::create's args[0]->pr_psargs: the child's command line is the parent's (its memory is a
# copy of the parent's, read where the parent's arguments are).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'proc:::create /pid == $target/ { printf("[%s] [%s] %d\n", basename(curpsinfo->pr_psargs), basename(args[0]->pr_psargs), args[0]->pr_pid != $target); }'
