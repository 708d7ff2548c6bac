# sched:::on-cpu runs in the thread coming back on CPU: ustack() is that thread's (each nap's
# return: nanosleep called from main) and curpsinfo->pr_psargs reads its own memory.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc nap" -n '
sched:::on-cpu /pid == $target/ { @[ustack(4)] = count(); }
sched:::on-cpu /pid == $target && !lt_done/ { lt_done = 1; printf("psargs %d\n", index(curpsinfo->pr_psargs, " nap") > 0); }' |
	awk '/^psargs/ { print } /nanosleep/ { sleep = 1 } /lt_proc`main/ && sleep { main = 1 } /^ *[0-9]+$/ { sleep = 0 } END { print "main", main + 0 }'
