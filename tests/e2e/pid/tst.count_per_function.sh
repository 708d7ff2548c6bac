# Every function of the executable whose name starts with lt_ but not lt_p (the IFUNC's names:
# pending/pid/tst.count_per_function_ifunc.sh), counted by probefunc: the counts are the calls
# lt_calls.c documents (lt_alias_target and lt_alias are one function, named lt_alias;
# lt_on_usr1 and lt_wait_for_go are never called).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_[a-o]*:entry, pid$target:a.out:lt_[q-z]*:entry { @[probefunc] = count(); }'
