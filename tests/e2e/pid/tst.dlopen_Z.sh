# -Z and a library the command loads later with dlopen(): the description matches nothing at
# first, and its probes are created when the library is mapped, before lt_plugin_work is called:
# arguments 1..4, return values 101..104.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_plugin.so lt_plugin.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
"$dtrace" -Z -q -c "$dir/lt_dlopen" -n '
pid$target:liblt_plugin.so:lt_plugin_work:entry { printf("%s:%s(%d)", probemod, probefunc, arg0); }
pid$target:liblt_plugin.so:lt_plugin_work:return { printf(" = %d\n", arg1); }'
