# sched:::on-cpu fires once each time a CPU's idle thread is switched in, as off-cpu fires once
# each time it is switched away: an idle thread, which never accounts runtime, is not taken for
# a new thread at its first run as well (it would fire twice).
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc naps" -n 'sched:::on-cpu /pid == 0/ { @on[cpu] = count(); } sched:::off-cpu /pid == 0/ { @off[cpu] = count(); } END { printa("%d %@d %@d\n", @on, @off); }' |
	awk 'NF == 3 { n += $2; if ($2 > $3 + 2 || $3 > $2 + 2) bad = bad " cpu" $1 ": " $2 " on-cpu, " $3 " off-cpu" }
	     END { print (n >= 10 ? (bad == "" ? "balanced" : "unbalanced:" bad) : "too few idle switches: " n) }'
