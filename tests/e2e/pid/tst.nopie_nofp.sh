# A non-PIE executable without frame pointers: the recursion's arguments and return values.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -no-pie -fomit-frame-pointer
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_fact:entry { printf("lt_fact(%d)\n", arg0); }
pid$target:a.out:lt_fact:return { printf("= %d\n", arg1); }'
