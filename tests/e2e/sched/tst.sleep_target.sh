# sched:::sleep fires when the target blocks in waitpid(), in its context.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'sched:::sleep /pid == $target && !lt_done/ { lt_done = 1; printf("%s %d\n", execname, tid == $target); }'
