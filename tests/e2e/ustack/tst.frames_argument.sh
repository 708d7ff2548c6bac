# ustack(n) records n frames whatever -x ustackframes says; ustack(n, strsize) takes a string size (for ustack helpers, which Linux does not have).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -x ustackframes=1 -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { ustack(2); ustack(3, 0); exit(0); }'
