# Without -Z, a library not loaded yet gives no probes: DTrace's error.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
"$dtrace" -q -c "$dir/lt_dlopen" -n 'lt_lib$target:::work { trace(arg0); }' 2>&1 | sed -E 's/lt_lib[0-9]+/lt_libPID/'
