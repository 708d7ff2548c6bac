# uregs[] with a computed index reads the same registers as with a constant one.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { this->r = R_RIP; this->s = R_SP; printf("%d %d\n", uregs[this->r] == uregs[R_PC], uregs[this->s] == uregs[R_RSP]); exit(0); }'
