# -p on a process that has dlopen()ed a library (lt_dlopen, liblt_plugin.so): its functions
# are probed like any other object's: arguments 1..4, return values 101..104.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_plugin.so lt_plugin.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
lt_start lt_dlopen
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:liblt_plugin.so:lt_plugin_work:entry { printf("%s:%s(%d)", probemod, probefunc, arg0); }
pid$target:liblt_plugin.so:lt_plugin_work:return { printf(" = %d\n", arg1); }'
