# -x noresolve: a user address is printed as module:0xoffset (from the start of its mapping),
# without reading the module's symbols.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -x noresolve -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { trace(uaddr(uregs[R_PC])); exit(0); }'
