# One clause on an entry probe and an offset probe: only the entry firing takes the caller from *(sp); at offset 4 the frame is built and the frame-pointer walk finds it.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp" -n 'pid$target:a.out:lt_leaf:entry,pid$target:a.out:lt_leaf:4 { ustack(2); }'
