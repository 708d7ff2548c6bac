# The entry clause keeps the argument in a self-> variable for the return clause: each call's
# argument beside its return value.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry { self->i = arg0; }
pid$target:a.out:lt_work:return { printf("lt_work(%d) = %d\n", self->i, arg1); self->i = 0; }'
