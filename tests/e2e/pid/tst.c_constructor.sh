# -c sees the calls made before main: a constructor (lt_ctor) calling lt_from_ctor(11), then main
# and its first call, in that order.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_ctor:entry,
pid$target:a.out:lt_from_ctor:entry,
pid$target:a.out:main:entry,
pid$target:a.out:lt_first:entry { printf("%s %d\n", probefunc, arg0); }'
