# The classic one-liner syscall:::entry { @[execname] = count(); }: the target appears among the processes, with more calls than its 17 from the marker on.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall:::entry { @[execname] = count(); } END { printa("%s %@d\n", @); }' | awk '$1 == "lt_sys" { print $1, ($2 >= 17 ? "enough calls" : "too few calls: " $2) }'
