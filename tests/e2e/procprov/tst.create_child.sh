# proc:::create fires in the parent; args[0] is the child's psinfo_t.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'proc:::create /pid == $target/ { printf("%d %d %d %s\n", args[0]->pr_ppid == $target, args[0]->pr_pid != $target, args[0]->pr_nlwp, args[0]->pr_fname); }'
