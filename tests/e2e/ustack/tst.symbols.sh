# ufunc(), usym(), uaddr() and umod() of ucaller: the function, the function, the function and offset, the module; each as trace() prints a symbol (two blanks, 50 columns).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { ufunc(ucaller); usym(ucaller); uaddr(ucaller); umod(ucaller); exit(0); }'
