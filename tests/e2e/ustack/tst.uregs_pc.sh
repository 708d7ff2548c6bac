# uregs[R_PC] (R_EIP) and uregs[R_RIP] are the probed instruction: the function itself at an entry probe.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { printf("%d %d\n", uregs[R_PC] == uregs[R_RIP], uregs[R_EIP] == uregs[R_PC]); ufunc(uregs[R_PC]); exit(0); }'
