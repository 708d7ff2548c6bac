# -Z, a dlopen()ed library named by a prefix (liblt_plugin) and a function glob: both functions
# of the library, 4 calls each, once it is loaded.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_plugin.so lt_plugin.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
"$dtrace" -Z -q -c "$dir/lt_dlopen" -n 'pid$target:liblt_plugin:lt_plugin_*:entry { @[probefunc] = count(); }'
