# uregs[R_RDI] and uregs[R_RSI] are the first two arguments at an entry probe (arg0 and arg1); R_RAX, R_RCX & co. read their registers.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { printf("%d %d %d\n", uregs[R_RDI] == arg0, uregs[R_EDI] == arg0, uregs[R_RDI]); exit(0); }'
