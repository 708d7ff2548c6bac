# An aggregation of ustack() printed after the traced process has exited still names its frames (the consumer keeps the address space).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp" -n 'pid$target:a.out:lt_leaf:entry { @[ustack(4)] = count(); }'
