# uregs[] past the last register is an illegal operation: the clause is abandoned and tracing
# goes on.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { this->r = 1000; trace(uregs[this->r]); } pid$target:a.out:lt_leaf:entry { printf("after\n"); exit(0); }'
