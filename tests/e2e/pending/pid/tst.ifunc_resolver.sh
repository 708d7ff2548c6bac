# An IFUNC's resolver runs once, when the dynamic linker relocates the program, before main: -c
# holds the command before that, so the call is seen.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_pick_resolver:entry { @ = count(); }'
