# -p and a dlopen()ed library named by a prefix up to a '.' (liblt_plugin) with a function glob:
# lt_plugin_work and lt_plugin_helper, 4 calls each.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_plugin.so lt_plugin.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
lt_start lt_dlopen
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:liblt_plugin:lt_plugin_*:entry { @[probemod, probefunc] = count(); }'
