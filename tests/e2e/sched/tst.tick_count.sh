# Three ticks of the spinning target counted, then exit: the target runs on one CPU at a
# time, so no fourth tick passes the predicate.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc spin" -n 'sched:::tick /pid == $target && lt_n < 3/ { lt_n++; @ticks = count(); } sched:::tick /lt_n == 3/ { exit(0); } END { printa("ticks %@d\n", @ticks); }'
