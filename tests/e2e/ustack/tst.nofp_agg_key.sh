# ustack() as an aggregation key at a probe in code without frame pointers: the key is counted by its frame-pointer walk, and printed as the first firing's stack unwound with .eh_frame, down to _start; three firings are one entry.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_nofp loop" -n 'pid$target:a.out:lt_leaf:entry /n++ < 3/ { @[ustack()] = count(); } pid$target:a.out:lt_leaf:entry /n == 4/ { exit(0); }'
