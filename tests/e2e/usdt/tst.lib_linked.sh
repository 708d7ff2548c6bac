# A shared library loaded at start (at preinit under -c, already mapped): its probes, module
# liblt_lib.so.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_linked lt_linked.c -L"$dir" -llt_lib
"$dtrace" -q -c "$dir/lt_linked" -n 'lt_lib$target:::work { printf("%s:%s:%s %d %d %s\n", probemod, probefunc, probename, arg0, arg1, copyinstr(arg2)); }'
