# ucaller at an entry probe is the return address at *(sp), the same as the caller frame of ustack() and what the stack holds.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { printf("%d %d\n", ucaller == *(uint64_t *)copyin(uregs[R_SP], 8), ucaller != 0); exit(0); }'
