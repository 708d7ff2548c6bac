# ustack() as an aggregation key: the frames on their own lines, then the value on a line of its own; three firings from one place are one entry.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry /n++ < 3/ { @[ustack(4)] = count(); } pid$target:a.out:lt_leaf:entry /n == 4/ { exit(0); }'
