# -Z: probes of a library the command loads later with dlopen() are enabled when it is loaded; not
# one firing is missed.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
"$dtrace" -Z -q -c "$dir/lt_dlopen" -n 'lt_lib$target:liblt_lib.so::work { printf("%s %d %s\n", probefunc, arg0, copyinstr(arg2)); }'
