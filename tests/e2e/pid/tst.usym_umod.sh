# usym() and umod() of the caller's address: module`symbol and the module's name.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_middle:entry { usym(ucaller); printf("|\n"); umod(ucaller); printf("|\n"); }'
