# A non-PIE executable (-no-pie: fixed addresses, no load bias): entry arguments and return
# values.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -no-pie
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry { printf("lt_work(%d, %d)", arg0, arg1); }
pid$target:a.out:lt_work:return { printf(" = %d\n", arg1); }'
