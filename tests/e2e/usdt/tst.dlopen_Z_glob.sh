# -Z with a provider description only: the library's two probes once loaded.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
"$dtrace" -Z -q -c "$dir/lt_dlopen" -n 'lt_lib$target::: { @[probename] = count(); }'
