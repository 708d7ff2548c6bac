# -Z and a provider glob without the pid (lt_li*:::), with -c: the glob names the command's
# providers (lt_lib<pid>, as DTrace's do), matched again once it loads the library; the
# module is the library's file name, not its path.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
"$dtrace" -Z -q -c "$dir/lt_dlopen" -n 'lt_li*::: {
	@[probeprov == strjoin("lt_lib", lltostr($target)) ? "lt_lib$target" : probeprov, probemod, probename] = count();
}'
