# An entry probe on a function that starts with endbr64 (built with -fcf-protection) sits on the
# instruction after it, which the kernel emulates (issue 20), and still fires once per call,
# before the function's first instruction as far as a clause can tell: the arguments, the pc
# (uregs[R_PC] is the function's address, no offset) and the caller are those at offset 0.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_paths lt_paths.c -fcf-protection=full
"$dtrace" -q -c "$dir/lt_paths" -n '
pid$target:a.out:lt_six:entry { printf("%d %d %d %d %d %d", arg0, arg1, arg2, arg3, arg4, arg5); uaddr(uregs[R_PC]); ufunc(ucaller); printf("\n"); }
pid$target:a.out:lt_two:entry { @[arg0] = count(); }'
