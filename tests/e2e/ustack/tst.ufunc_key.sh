# ufunc() keys are merged on the function: the entry and the offset 4 of lt_leaf are one lt_leaf entry; uaddr() keys keep the address (lt_leaf and lt_leaf+0x4), sorted by address.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp" -n 'pid$target:a.out:lt_leaf:entry,pid$target:a.out:lt_leaf:4 { @f[ufunc(uregs[R_PC])] = count(); @a[uaddr(uregs[R_PC])] = count(); }'
