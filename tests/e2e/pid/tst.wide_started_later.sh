# System-wide pid probes (beyond DTrace): pid* with a module that is a file (a path, through a
# macro argument) fires in every process that runs the file, here 50 runs of a program that exits
# about a millisecond after exec, all started after tracing began (BEGIN's system()). Every call
# is counted, from each run's first instruction (_start) on; bdtrace does nothing per process.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_short lt_short.c
"$dtrace" -w -q -n '
pid*:$1:_start:entry { @starts = count(); }
pid*:$1:lt_once:entry { @entries = count(); @pids[pid] = count(); }
pid*:$1:lt_once:return { @returns = count(); @sum = sum(arg1); }
pid*:$1:lt_done:entry { exit(0); }
BEGIN { system("i=0; while [ $i -lt 50 ]; do %s; i=$((i + 1)); done; %s done", $$1, $$1); }
END {
	printa("starts %@d\n", @starts);
	printa("entries %@d\n", @entries);
	printa("returns %@d\n", @returns);
	printa("sum %@d\n", @sum);
	trunc(@pids, 0);
}' "$dir/lt_short"
