# An offset probe in a non-PIE executable.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -no-pie
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_six:1 { printf("%s %d %d\n", probename, arg0, arg5); }'
