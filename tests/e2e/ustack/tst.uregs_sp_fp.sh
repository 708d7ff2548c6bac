# uregs[R_SP] and uregs[R_FP] are rsp and rbp (R_RSP, R_RBP, R_ESP, R_UESP, R_EBP name the same registers on amd64).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { printf("%d %d %d %d\n", uregs[R_SP] == uregs[R_RSP], uregs[R_UESP] == uregs[R_ESP], uregs[R_FP] == uregs[R_RBP], uregs[R_SP] != uregs[R_FP]); exit(0); }'
