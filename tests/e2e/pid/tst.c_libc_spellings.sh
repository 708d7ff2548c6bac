# libc named libc.so.6, libc.so and libc on a -c command: the same probe each time.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
for m in libc.so.6 libc.so libc; do
	"$dtrace" -q -c "$dir/lt_calls" -n "pid\$target:$m:malloc:entry /arg0 == 4242/ { printf(\"$m: %s:%s(%d)\\n\", probemod, probefunc, arg0); }" || exit
done
