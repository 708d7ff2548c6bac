# An offset probe inside a function without frame pointers: the CFI of that very instruction gives the frame.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_nofp loop" -n 'pid$target:a.out:lt_mid:3 { ustack(4); exit(0); }'
