# ufunc() and uaddr() of a C++ caller: the demangled member function.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_cxx" -n 'pid$target:a.out:*twice*:entry { ufunc(ucaller); printf("\n%A\n", uaddr(ucaller)); }'
